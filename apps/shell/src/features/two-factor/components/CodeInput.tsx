import { Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { TWO_FACTOR_CODE_LENGTH, TwoFactorTexts } from '@cqa/contracts';

export const CODE_RULES: Rule[] = [
  { required: true, message: TwoFactorTexts.codeFormat },
  { pattern: /^\s*\d{6}\s*$/, message: TwoFactorTexts.codeFormat },
];

/** A one-time code field: numeric keypad, the browser's one-time-code autofill, six digits. */
export function CodeInput(props: { id?: string; name?: string; value?: string; onChange?: (e: React.ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <Input
      {...props}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={TWO_FACTOR_CODE_LENGTH}
      style={{ maxWidth: 160, letterSpacing: 4 }}
    />
  );
}

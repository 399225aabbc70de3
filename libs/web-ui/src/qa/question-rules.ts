import type { Rule } from 'antd/es/form';
import { Messages, QUESTION_MAX_LENGTH, QUESTION_MIN_LENGTH } from '@cqa/contracts';

/** Question form (spec section 5): required, at least 10 characters (spaces around it do not count). */
export const questionTextRules: Rule[] = [
  { required: true, whitespace: true, message: Messages.validation.questionTextRequired },
  {
    validator: async (_rule, value: string | undefined) => {
      const length = value?.trim().length ?? 0;
      if (length > 0 && length < QUESTION_MIN_LENGTH) throw new Error(Messages.validation.questionTooShort);
    },
  },
  { max: QUESTION_MAX_LENGTH },
];

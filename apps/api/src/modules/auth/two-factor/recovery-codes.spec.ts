import { newRecoveryCodes, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';

describe('recovery codes', () => {
  it('makes ten distinct codes in the xxxxx-xxxxx form', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });

  it('reads a typed code leniently and refuses what cannot be one', () => {
    expect(normalizeRecoveryCode(' ABCDE fghjk ')).toBe('abcde-fghjk');
    expect(normalizeRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
    expect(normalizeRecoveryCode('abcde-fghj')).toBeNull();
    expect(normalizeRecoveryCode('abcde-fghj0')).toBeNull();
    expect(normalizeRecoveryCode('123456')).toBeNull();
  });
});

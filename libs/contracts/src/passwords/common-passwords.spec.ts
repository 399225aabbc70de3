import { readFileSync } from 'node:fs';
import path from 'node:path';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.data';
import { isCommonPassword } from './common-passwords';

describe('isCommonPassword', () => {
  it('refuses the passwords the penetration test got through, in any case', () => {
    for (const password of ['12345678', 'password', 'PASSWORD', 'Password', ' password ', 'qwertyuiop', 'iloveyou', 'sunshine']) {
      expect(isCommonPassword(password)).toBe(true);
    }
  });

  it('lets an uncommon password through', () => {
    expect(isCommonPassword('Demo-pass-2026')).toBe(false);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
  });

  it('holds exactly the 8+ character entries of the bundled SecLists file', () => {
    const source = readFileSync(path.join(__dirname, '10k-most-common.txt'), 'utf8').split('\n').filter(Boolean);
    expect(source).toHaveLength(10_000);
    const expected = [...new Set(source.filter((p) => p.length >= 8).map((p) => p.toLowerCase()))].sort();
    expect(COMMON_PASSWORDS_TEXT.split('\n').filter(Boolean)).toEqual(expected);
  });
});

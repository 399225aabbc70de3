import { accountKeyOf, canonicalEmail, emailKey, userAccountKey } from './account-key';

describe('canonicalEmail', () => {
  it('gives every spelling the database would confuse one form', () => {
    const spellings = [
      'patient@demo.test', ' Patient@Demo.TEST ', 'pätient@demo.test', 'PÀTIËNT@DÉMO.TEST', 'pa\u0301tient@demo.test',
      'ｐａｔｉｅｎｔ@demo.test', 'pat\u200Bient@demo.test',
    ];
    expect(new Set(spellings.map(canonicalEmail))).toEqual(new Set(['patient@demo.test']));
    expect(canonicalEmail('Straße@x.test')).toBe(canonicalEmail('strasse@x.test'));
    expect(canonicalEmail('ẞ@x.test')).toBe('ss@x.test');
    expect(canonicalEmail('ﬁona@x.test')).toBe('fiona@x.test');
    expect(canonicalEmail('Œuvre@x.test')).toBe('oeuvre@x.test');
  });

  it('keeps addresses apart that differ in more than case, accents and width', () => {
    expect(canonicalEmail('pat@demo.test')).not.toBe(canonicalEmail('pet@demo.test'));
    expect(canonicalEmail('pat+1@demo.test')).not.toBe(canonicalEmail('pat@demo.test'));
  });

  it('is idempotent over every character an address may hold', () => {
    for (let code = 0xa1; code < 0xfff0; code++) {
      if (code >= 0xd800 && code < 0xe000) continue;
      const once = canonicalEmail(`a${String.fromCharCode(code)}b`);
      if (canonicalEmail(once) !== once) throw new Error(`U+${code.toString(16)}: ${once}`);
    }
  });
});

describe('account keys', () => {
  it('count a known account by its id and an unknown address by its canonical form, never in clear', () => {
    expect(accountKeyOf({ id: 'u-1' }, 'anything@x.test')).toBe(userAccountKey('u-1'));
    expect(accountKeyOf(null, 'Pätient@Demo.test')).toBe(accountKeyOf(null, 'patient@demo.test'));
    expect(accountKeyOf(null, 'patient@demo.test')).toBe(`email:${emailKey('patient@demo.test')}`);
    expect(accountKeyOf(null, 'patient@demo.test')).not.toContain('patient');
  });
});

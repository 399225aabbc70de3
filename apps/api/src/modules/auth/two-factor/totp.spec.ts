import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpAt, totpStep, TotpAlgorithm } from './totp';

// RFC 6238 appendix B: the seeds are the ASCII digits repeated to the hash's key size; 8-digit codes.
const SEEDS: Record<TotpAlgorithm, Buffer> = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const RFC6238_VECTORS: Array<[number, TotpAlgorithm, string]> = [
  [59, 'sha1', '94287082'], [59, 'sha256', '46119246'], [59, 'sha512', '90693936'],
  [1111111109, 'sha1', '07081804'], [1111111109, 'sha256', '68084774'], [1111111109, 'sha512', '25091201'],
  [1111111111, 'sha1', '14050471'], [1111111111, 'sha256', '67062674'], [1111111111, 'sha512', '99943326'],
  [1234567890, 'sha1', '89005924'], [1234567890, 'sha256', '91819424'], [1234567890, 'sha512', '93441116'],
  [2000000000, 'sha1', '69279037'], [2000000000, 'sha256', '90698825'], [2000000000, 'sha512', '38618901'],
  [20000000000, 'sha1', '65353130'], [20000000000, 'sha256', '77737706'], [20000000000, 'sha512', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC6238_VECTORS)('at %i s with %s gives %s', (seconds, algorithm, code) => {
    expect(totpAt(SEEDS[algorithm], seconds * 1000, 8, algorithm)).toBe(code);
  });

  it('gives the RFC 4226 HOTP values (6 digits, SHA-1)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(SEEDS.sha1, counter))).toEqual(expected);
  });

  it('accepts the codes of the previous, current and next step only', () => {
    const key = SEEDS.sha1;
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    const codeAt = (s: number) => hotp(key, s);
    expect(matchTotp(key, codeAt(step), now, null)).toBe(step);
    expect(matchTotp(key, codeAt(step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(key, codeAt(step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(key, codeAt(step - 2), now, null)).toBeNull();
    expect(matchTotp(key, codeAt(step + 2), now, null)).toBeNull();
  });

  it('refuses a code of a step already used, or of an earlier one', () => {
    const key = SEEDS.sha1;
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(key, hotp(key, step), now, step)).toBeNull();
    expect(matchTotp(key, hotp(key, step - 1), now, step)).toBeNull();
    expect(matchTotp(key, hotp(key, step + 1), now, step)).toBe(step + 1);
  });

  it('refuses anything that is not six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', '12 345', ' 123456']) expect(matchTotp(SEEDS.sha1, code, Date.now(), null)).toBeNull();
  });

  it('round-trips base32 (RFC 4648 vectors, unpadded)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    expect(base32Decode('mzxw 6ytb-oi').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(SEEDS.sha512))).toEqual(SEEDS.sha512);
  });

  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('Cancer Q&A', 'a@b.test', Buffer.from('foobar')))
      .toBe('otpauth://totp/Cancer%20Q%26A:a%40b.test?secret=MZXW6YTBOI&issuer=Cancer+Q%26A&algorithm=SHA1&digits=6&period=30');
  });
});

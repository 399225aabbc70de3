import { statementDigest } from './request-transaction';

describe('statementDigest (what a lock-wait log line may say of a statement)', () => {
  it('keeps the statement shape and replaces every literal by ?', () => {
    expect(statementDigest("UPDATE `patients` SET `profile` = '{\"describe_treatment\":\"Dr Who, 3 March\"}', `age` = 57 WHERE `id` = 'a1b2-c3'")).toBe(
      'UPDATE `patients` SET `profile` = ?, `age` = ? WHERE `id` = ?',
    );
    expect(statementDigest("INSERT INTO t (a, b, c) VALUES (\"it's\", 'O''Brien', 0x4142), (1.5e3, x'00ff', 'a\\'b')")).toBe(
      'INSERT INTO t (a, b, c) VALUES (?, ?, ?), (?, ?, ?)',
    );
  });

  it('replaces a string after a character set introducer too', () => {
    expect(statementDigest("SELECT 1 FROM t WHERE name = _utf8mb4'Jane Doe' AND box = b'0101'")).toBe('SELECT ? FROM t WHERE name = _utf8mb4? AND box = ?');
  });

  it('says nothing for a transaction idle between statements', () => {
    expect(statementDigest(null)).toBeNull();
  });
});

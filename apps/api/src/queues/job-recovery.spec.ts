import { RECOVERY_BATCH, RecoveryCursor } from './job-recovery';

describe('RecoveryCursor', () => {
  it('goes on after the last id of a full batch and starts again from the lowest after a short one', () => {
    const cursor = new RecoveryCursor();
    expect(cursor.next()).toBe(0);
    cursor.advance(Array.from({ length: RECOVERY_BATCH }, (_, i) => 10 + i));
    expect(cursor.next()).toBe(10 + RECOVERY_BATCH - 1);
    cursor.advance([500, 501]);
    expect(cursor.next()).toBe(0);
    cursor.advance([]);
    expect(cursor.next()).toBe(0);
  });
});

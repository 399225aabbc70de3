import { openSuccessor, sealSuccessor } from './refresh-successor';
import { newOpaqueToken } from './tokens';

describe('a rotated refresh token\'s sealed successor', () => {
  const rotated = newOpaqueToken();
  const successor = newOpaqueToken();
  const rowId = '2f0c7f3e-0000-4000-8000-000000000001';

  it('opens with the rotated token and the row it was sealed for', () => {
    expect(openSuccessor(rotated, rowId, sealSuccessor(rotated, rowId, successor))).toBe(successor);
  });

  it('holds nothing readable without the rotated token', () => {
    const sealed = sealSuccessor(rotated, rowId, successor);
    expect(sealed.includes(Buffer.from(successor))).toBe(false);
    expect(openSuccessor(newOpaqueToken(), rowId, sealed)).toBeNull();
  });

  it('opens nothing when copied to another row, damaged or missing', () => {
    const sealed = sealSuccessor(rotated, rowId, successor);
    expect(openSuccessor(rotated, '2f0c7f3e-0000-4000-8000-000000000002', sealed)).toBeNull();
    const damaged = Buffer.from(sealed);
    damaged[damaged.length - 1] ^= 1;
    expect(openSuccessor(rotated, rowId, damaged)).toBeNull();
    expect(openSuccessor(rotated, rowId, null)).toBeNull();
    expect(openSuccessor(rotated, rowId, Buffer.alloc(3))).toBeNull();
  });
});

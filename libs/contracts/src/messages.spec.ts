import { blockStatusWord } from './auth';
import { Messages } from './messages';

describe('message catalogue', () => {
  it('fills the slots of the spec texts', () => {
    expect(Messages.portal.usePortal('Expert')).toBe('You are registered as a Expert. Please use the Expert Login.');
    expect(Messages.validation.valueTooLarge(120)).toBe('Value must be 120 or less.');
    expect(Messages.errors.userActionFailed('approve', 'boom')).toBe('Failed to approve user: boom');
    expect(Messages.success.userStatusChanged('rejected')).toBe('User rejected successfully!');
    expect(Messages.success.userStatusChanged(blockStatusWord(true))).toBe('User blocked successfully!');
    expect(Messages.success.userStatusChanged(blockStatusWord(false))).toBe('User unblocked successfully!');
  });

  it('holds no text twice within a group', () => {
    for (const group of Object.values(Messages)) {
      const texts = Object.values(group).filter((v): v is string => typeof v === 'string');
      expect(new Set(texts).size).toBe(texts.length);
    }
  });
});

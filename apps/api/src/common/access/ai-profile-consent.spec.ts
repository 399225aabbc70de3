import { BadRequestException } from '@nestjs/common';
import { AiTexts } from '@cqa/contracts';
import { mayUseProfile, refuseProfileUnlessAllowed } from './ai-profile-consent';

describe('the AI-consent rule', () => {
  const allowed = { phiAllowed: true };
  const notAllowed = { phiAllowed: false };

  it('uses the profile only when the asker chose it and AI_PHI_ALLOWED is on (booleans and stored 0/1 alike)', () => {
    expect(mayUseProfile(true, allowed)).toBe(true);
    expect(mayUseProfile(1, allowed)).toBe(true);
    expect(mayUseProfile(true, notAllowed)).toBe(false);
    expect(mayUseProfile(1, notAllowed)).toBe(false);
    expect(mayUseProfile(false, allowed)).toBe(false);
    expect(mayUseProfile(0, allowed)).toBe(false);
    expect(mayUseProfile(undefined, allowed)).toBe(false);
    expect(mayUseProfile(null, allowed)).toBe(false);
  });

  it('refuses a request for the profile while AI_PHI_ALLOWED is off, with the contracts text', () => {
    expect(() => refuseProfileUnlessAllowed(true, notAllowed)).toThrow(new BadRequestException(AiTexts.phiNotAllowed));
    expect(() => refuseProfileUnlessAllowed(true, allowed)).not.toThrow();
    expect(() => refuseProfileUnlessAllowed(false, notAllowed)).not.toThrow();
    expect(() => refuseProfileUnlessAllowed(undefined, notAllowed)).not.toThrow();
  });
});

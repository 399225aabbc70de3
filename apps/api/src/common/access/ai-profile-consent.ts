import { BadRequestException } from '@nestjs/common';
import { AiTexts } from '@cqa/contracts';
import type { AiAnswerSettings } from '../../config/ai-config';

/**
 * The AI-consent rule, written once: a patient's minimised profile reaches the AI provider only when the asker chose
 * it (`use_profile`) and the deployment allows it (`AI_PHI_ALLOWED`). The ask form, the AI answer routes and the AI
 * answer job all ask here.
 */
export function mayUseProfile(useProfile: boolean | number | null | undefined, settings: Pick<AiAnswerSettings, 'phiAllowed'>): boolean {
  return Number(useProfile ?? 0) === 1 && settings.phiAllowed;
}

/** A request that asks for the profile while AI_PHI_ALLOWED is false is refused (400), never quietly downgraded. */
export function refuseProfileUnlessAllowed(useProfile: boolean | undefined, settings: Pick<AiAnswerSettings, 'phiAllowed'>): void {
  if (useProfile === true && !mayUseProfile(useProfile, settings)) throw new BadRequestException(AiTexts.phiNotAllowed);
}

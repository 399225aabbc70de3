import { RecoveryCodeEntity, TwoFactorEntity } from './entities/two-factor.entity';
import { AccountTwoFactorController, TwoFactorSignInController } from './two-factor.controller';
import { TwoFactorChallenges } from './two-factor-challenges.service';
import { TwoFactorSignIn } from './two-factor-sign-in.service';
import { TwoFactorService } from './two-factor.service';

/** What AuthModule registers for two-factor sign-in (kept here so the auth module changes by three lines). */
export const TWO_FACTOR_ENTITIES = [TwoFactorEntity, RecoveryCodeEntity];
export const TWO_FACTOR_CONTROLLERS = [TwoFactorSignInController, AccountTwoFactorController];
export const TWO_FACTOR_PROVIDERS = [TwoFactorService, TwoFactorChallenges, TwoFactorSignIn];
export { TwoFactorSignIn, TwoFactorService };

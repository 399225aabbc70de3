import { Module } from '@nestjs/common';
import { RefreshTokenPrune } from './refresh-token-prune.processor';

/** The scheduled prune of refresh tokens (the worker runs it); the sessions themselves are AuthModule's. */
@Module({ providers: [RefreshTokenPrune], exports: [RefreshTokenPrune] })
export class RefreshTokenPruneModule {}

import type { z } from 'zod';
import type { AiMessage, AiModelChoice, AiProvider, GenerateResult } from '../../ai';

/** A structured call of the provider on a run's account. */
export type ModelCall = <S extends z.ZodType>(schema: S, messages: AiMessage[], model: AiModelChoice, schemaName: string) => Promise<z.output<S>>;

export interface MeteredModelOptions {
  signal?: AbortSignal;
  /** Before each call: throws when the run may no longer spend (cancelled, say). */
  beforeCall?: () => Promise<void>;
  /** After each call, before its reply is used: the run's tokens, cost and counters. */
  count(result: GenerateResult<unknown>, model: AiModelChoice): Promise<void>;
}

/**
 * Every model call of an answer source goes through here, so what it spent is on the run's account before anything
 * uses the reply (a crash after the call still leaves the tokens counted).
 */
export function meteredModel(provider: AiProvider, { signal, beforeCall, count }: MeteredModelOptions): ModelCall {
  return async (schema, messages, model, schemaName) => {
    await beforeCall?.();
    signal?.throwIfAborted();
    // No sampling parameters here: AI_TEMPERATURE (unset by default) is the provider's, and reasoning models refuse any.
    const result = await provider.generateStructured(schema, messages, { model, signal, schemaName });
    await count(result, model);
    return result.value;
  };
}

import type { ModelPrice } from '../../../config/ai-config';

/**
 * Estimated US dollars of one run. The model is looked up exactly, then without a date suffix
 * (providers answer with dated names such as `gpt-4.1-mini-2025-04-14`). Unknown models: null, never a guess.
 */
export function estimateCostUsd(
  prices: Record<string, ModelPrice>,
  model: string,
  usage: { promptTokens: number; completionTokens: number },
): number | null {
  const key = prices[model]
    ? model
    : Object.keys(prices)
        .filter((name) => model.startsWith(name) && /^-\d{4}-\d{2}-\d{2}$/.test(model.slice(name.length)))
        .sort((a, b) => b.length - a.length)[0];
  const price = key ? prices[key] : undefined;
  if (!price) return null;
  const usd = (usage.promptTokens * price.inputPerMTok + usage.completionTokens * price.outputPerMTok) / 1_000_000;
  return Math.round(usd * 1_000_000) / 1_000_000;
}

import { ENV_VARIABLES, EnvName } from './env.definition';

export const AI_STRUCTURED_OUTPUT_MODES = ['json_schema', 'json_object', 'prompt'] as const;
export type AiStructuredOutputMode = (typeof AI_STRUCTURED_OUTPUT_MODES)[number];

export interface ModelPrice {
  /** US dollars per million tokens. */
  inputPerMTok: number;
  outputPerMTok: number;
}

export interface AiConfig {
  /** Null: the SDK's https://api.openai.com/v1, passed explicitly. */
  baseUrl: string | null;
  apiKey: string | null;
  model: string | null;
  modelFast: string | null;
  /** AI_MODEL_JUDGE: the support judge's model (default: modelFast), so the model that wrote a claim need not grade it. */
  modelJudge: string | null;
  timeoutMs: number;
  structuredOutput: AiStructuredOutputMode;
  /** AI_SUPPORT_JUDGE: claims that pass the support rules are also judged by the judge model. */
  supportJudge: boolean;
  /** AI_TEMPERATURE; null: no sampling parameter is sent. */
  temperature: number | null;
  /** AI_CONTEXT_TOKENS, the model's context window; null: prompts are not fitted. */
  contextTokens: number | null;
  /** AI_RATE_LIMIT_MAX_DELAYS: consecutive 429 waits of a run (or research step) before it fails. */
  rateLimitMaxDelays: number;
  /** Model name (exact, or a prefix ending in '*') to price. */
  prices: Record<string, ModelPrice>;
}

/** When and for whom AI answers run (AI_AUTO_ANSWER, AI_PHI_ALLOWED, AI_DAILY_LIMIT_*). */
export interface AiAnswerSettings {
  autoAnswer: boolean;
  phiAllowed: boolean;
  dailyLimitPerUser: number;
  dailyLimitGlobal: number;
}

export interface LiteratureConfig {
  ncbiEutilsBaseUrl: string;
  ncbiApiKey: string | null;
  ncbiTool: string;
  ncbiEmail: string;
  europePmcBaseUrl: string;
  ctgovBaseUrl: string;
  crossrefBaseUrl: string;
  crossrefMailto: string;
  timeoutMs: number;
}

/** List prices (USD per million tokens) of common hosted models; self-hosted ones cost nothing per token. */
export const DEFAULT_MODEL_PRICES: Record<string, ModelPrice> = {
  'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
  'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  'o4-mini': { inputPerMTok: 1.1, outputPerMTok: 4.4 },
};

/** The `OPENAI_*` names accepted when the `AI_*` one is unset. */
const ALIASES: Partial<Record<EnvName, string>> = {
  AI_BASE_URL: 'OPENAI_BASE_URL',
  AI_API_KEY: 'OPENAI_API_KEY',
  AI_MODEL: 'OPENAI_MODEL',
};

function reader(env: NodeJS.ProcessEnv) {
  return (name: EnvName): string => {
    for (const key of [name, ALIASES[name]]) {
      const value = key ? env[key] : undefined;
      if (value !== undefined && value.trim() !== '') return value.trim();
    }
    return ENV_VARIABLES.find((v) => v.name === name)!.default ?? '';
  };
}

function httpUrl(name: EnvName, value: string, problems: string[]): string {
  try {
    const parsed = new URL(value);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
  } catch {
    problems.push(`${name} must be an http:// or https:// URL (got "${value}")`);
  }
  return value.replace(/\/+$/, '');
}

function wholeNumber(name: EnvName, value: string, min: number, max: number, problems: string[]): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
  return n;
}

function price(name: EnvName, value: string, problems: string[]): number | null {
  if (value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) problems.push(`${name} must be a non-negative number (got "${value}")`);
  return n;
}

/** AI_* (and the OPENAI_* aliases). Problems are appended to `problems`, in the style of loadConfig. */
export function loadAiConfig(env: NodeJS.ProcessEnv, problems: string[]): AiConfig {
  const raw = reader(env);
  const baseUrl = raw('AI_BASE_URL') === '' ? null : httpUrl('AI_BASE_URL', raw('AI_BASE_URL'), problems);
  const apiKey = raw('AI_API_KEY') || null;
  const model = raw('AI_MODEL') || null;
  if ((baseUrl || apiKey) && !model) problems.push('AI_MODEL (or OPENAI_MODEL) is required when AI_BASE_URL or AI_API_KEY is set');
  const structuredOutput = raw('AI_STRUCTURED_OUTPUT') as AiStructuredOutputMode;
  if (!AI_STRUCTURED_OUTPUT_MODES.includes(structuredOutput)) {
    problems.push(`AI_STRUCTURED_OUTPUT must be one of ${AI_STRUCTURED_OUTPUT_MODES.join(', ')} (got "${structuredOutput}")`);
  }
  const input = price('AI_PRICE_INPUT_PER_MTOK', raw('AI_PRICE_INPUT_PER_MTOK'), problems);
  const output = price('AI_PRICE_OUTPUT_PER_MTOK', raw('AI_PRICE_OUTPUT_PER_MTOK'), problems);
  if ((input === null) !== (output === null)) problems.push('AI_PRICE_INPUT_PER_MTOK and AI_PRICE_OUTPUT_PER_MTOK must be set together');
  const modelFast = raw('AI_MODEL_FAST') || model;
  const modelJudge = raw('AI_MODEL_JUDGE') || modelFast;
  const judge = raw('AI_SUPPORT_JUDGE');
  if (judge !== 'on' && judge !== 'off') problems.push(`AI_SUPPORT_JUDGE must be on or off (got "${judge}")`);
  const prices = { ...DEFAULT_MODEL_PRICES };
  if (input !== null && output !== null) {
    for (const m of [model, modelFast, modelJudge]) if (m) prices[m] = { inputPerMTok: input, outputPerMTok: output };
  }
  const temperatureRaw = raw('AI_TEMPERATURE');
  let temperature: number | null = null;
  if (temperatureRaw !== '') {
    temperature = Number(temperatureRaw);
    if (!Number.isFinite(temperature) || temperature < 0 || temperature > 2) problems.push(`AI_TEMPERATURE must be a number from 0 to 2 (got "${temperatureRaw}")`);
  }
  const contextRaw = raw('AI_CONTEXT_TOKENS');
  return {
    baseUrl,
    apiKey,
    model,
    modelFast,
    modelJudge,
    timeoutMs: wholeNumber('AI_TIMEOUT_MS', raw('AI_TIMEOUT_MS'), 1000, 3_600_000, problems),
    structuredOutput,
    supportJudge: judge !== 'off',
    temperature,
    contextTokens: contextRaw === '' ? null : wholeNumber('AI_CONTEXT_TOKENS', contextRaw, 1024, 10_000_000, problems),
    rateLimitMaxDelays: wholeNumber('AI_RATE_LIMIT_MAX_DELAYS', raw('AI_RATE_LIMIT_MAX_DELAYS'), 0, 10_000, problems),
    prices,
  };
}

/** NCBI_*, EUROPEPMC_*, CTGOV_*, CROSSREF_*, LITERATURE_*. `mailFrom` supplies the contact address when none is set. */
export function loadLiteratureConfig(env: NodeJS.ProcessEnv, mailFrom: string, problems: string[]): LiteratureConfig {
  const raw = reader(env);
  const fallbackEmail = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const ncbiEmail = raw('NCBI_EMAIL') || fallbackEmail;
  const ncbiTool = raw('NCBI_TOOL');
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(ncbiTool)) problems.push(`NCBI_TOOL must be 1-64 letters, digits, '.', '_' or '-' (got "${ncbiTool}")`);
  return {
    ncbiEutilsBaseUrl: httpUrl('NCBI_EUTILS_BASE_URL', raw('NCBI_EUTILS_BASE_URL'), problems),
    ncbiApiKey: raw('NCBI_API_KEY') || null,
    ncbiTool,
    ncbiEmail,
    europePmcBaseUrl: httpUrl('EUROPEPMC_BASE_URL', raw('EUROPEPMC_BASE_URL'), problems),
    ctgovBaseUrl: httpUrl('CTGOV_BASE_URL', raw('CTGOV_BASE_URL'), problems),
    crossrefBaseUrl: httpUrl('CROSSREF_BASE_URL', raw('CROSSREF_BASE_URL'), problems),
    crossrefMailto: raw('CROSSREF_MAILTO') || ncbiEmail,
    timeoutMs: wholeNumber('LITERATURE_TIMEOUT_MS', raw('LITERATURE_TIMEOUT_MS'), 1000, 600_000, problems),
  };
}

/** True when a model call can be attempted; otherwise AI features answer 'AI provider not configured'. */
export function isAiConfigured(config: Pick<AiConfig, 'baseUrl' | 'apiKey' | 'model'>): boolean {
  return Boolean(config.model && (config.apiKey || config.baseUrl));
}

function bool(name: EnvName, value: string, problems: string[]): boolean {
  if (value !== 'true' && value !== 'false') problems.push(`${name} must be true or false (got "${value}")`);
  return value === 'true';
}

/** AI_AUTO_ANSWER, AI_PHI_ALLOWED, AI_DAILY_LIMIT_PER_USER, AI_DAILY_LIMIT_GLOBAL. */
export function loadAiAnswerSettings(env: NodeJS.ProcessEnv, problems: string[]): AiAnswerSettings {
  const raw = reader(env);
  return {
    autoAnswer: bool('AI_AUTO_ANSWER', raw('AI_AUTO_ANSWER'), problems),
    phiAllowed: bool('AI_PHI_ALLOWED', raw('AI_PHI_ALLOWED'), problems),
    dailyLimitPerUser: wholeNumber('AI_DAILY_LIMIT_PER_USER', raw('AI_DAILY_LIMIT_PER_USER'), 0, 1_000_000, problems),
    dailyLimitGlobal: wholeNumber('AI_DAILY_LIMIT_GLOBAL', raw('AI_DAILY_LIMIT_GLOBAL'), 0, 10_000_000, problems),
  };
}

// The AI module's public face: what other modules may use of it (lint: modules import 'ai' through this file only).

export { AiModule, LITERATURE_CLIENTS } from './ai.module';
export { fenceQuestion, fitAnswerPrompt, recordText } from './citations/answer-prompt';
export { certaintyOf, checkClaims, escapeMarkdown, formatSourceLine, isPublished, judgeChecks, MIN_QUOTE_LENGTH, normaliseForQuote, publishedStatement, toCitedSource, toClaimCheckView, verifyAnswer } from './citations/citation-verifier';
export type { ClaimCheck } from './citations/citation-verifier';
export { CITED_ANSWER_SCHEMA_NAME, citedAnswerSchema } from './citations/cited-answer.schema';
export { unstatedNumbers } from './citations/claim-numbers';
export { evidenceLevelOf } from './citations/evidence-level';
export { fitRecords } from './citations/prompt-fit';
export { judgeReplySchema, SUPPORT_JUDGE_SCHEMA_NAME } from './citations/support-judge';
export { checkSupportRules } from './citations/support-rules';
export { checkRetractions, resolveIds } from './literature/literature-checks';
export type { LiteratureClients } from './literature/literature-clients';
export { LiteratureHttpError } from './literature/literature-fetcher';
export { dedupeRecords, recordIdKeys } from './literature/literature-record';
export type { LiteratureRecord } from './literature/literature-record';
export { AiBadOutputError, AiError, AiNotConfiguredError, AiRateLimitedError } from './provider/ai-errors';
export { AiProvider } from './provider/ai-provider';
export type { AiMessage, AiModelChoice, GenerateResult } from './provider/ai-provider';
export { RedisAiProviderStatus } from './provider/ai-provider-status';
export type { AiProviderState } from './provider/ai-provider-status';
export { fallbackQueries, medicalTerms } from './retrieval/fallback-query';
export type { LiteratureQueries, MedicalTermKind } from './retrieval/fallback-query';
export { ANATOMY_WORDS } from './retrieval/vocabulary';
export { asSent, PersonalQueryRefusedError } from './retrieval/outbound-guard';
export { broadenPlanned, InvalidQueryPlanError, planQueries, QUERY_PLAN_SCHEMA_NAME, queryPlanSchema } from './retrieval/query-planner';
export { RELEVANCE_SCHEMA_NAME, relevanceReplySchema, screenRecords } from './retrieval/record-screening';

import { ANSWER_KINDS, AnswerKind, SIMILAR_QUESTIONS_LIMIT, SimilarQuestion } from '@cqa/contracts';
import type { RunSql, SqlStatement } from './question-queries';
import { ANATOMY_WORDS, medicalTerms } from '../ai';
import { type SearchWord, searchWords, termPrefixPattern } from './question-search';

/**
 * Similar questions are matched on medical terms, read with the vocabulary the literature queries use
 * (ai/retrieval: drugs, symptoms, diseases, "<organ> cancer", tests and procedures; lay terms and brands mapped). A word
 * that only says "cancer care" (cancer, tumour, chemotherapy, radiotherapy, surgery, treatment) weighs nothing: two
 * questions sharing only "chemotherapy" are not alike. The question's topic (a drug, a symptom, a disease other than a
 * cancer, a procedure) must be shared; when it names none, a cancer or a rare word the vocabulary does not know (often
 * a rare disease, sometimes only a long word such as "expectancy") must be. A body part alone never matches.
 */
export type SimilarTermRole = 'topic' | 'rare' | 'cancer' | 'context';

export interface SimilarTerm {
  /** The term as compared: lower case, singular, every cancer noun read as 'cancer'. */
  key: string;
  weight: number;
  role: SimilarTermRole;
}

/** Words of cancer care in general: they say nothing about which question this is. */
const GENERIC_TERMS = new Set([
  'cancer', 'tumor', 'neoplasm', 'malignancy', 'carcinoma', 'adenocarcinoma', 'metastase', 'metastasis', 'met', 'chemotherapy', 'chemotherapie',
  'radiotherapy', 'radiation', 'radiation therapy', 'immunotherapy', 'surgery', 'surgerie', 'operation', 'treatment', 'therapy', 'lesion',
  'targeted therapy', 'infusion', 'injection', 'scan', 'lab', 'pathology', 'oncology',
]);
/** Classes of drugs ("steroids", "supplements"): medical, but broader than a named drug. */
const CLASS_TERMS = new Set([
  'steroid', 'corticosteroid', 'antibiotic', 'vitamin', 'supplement', 'herb', 'herbal', 'probiotic', 'antioxidant', 'antidepressant',
  'analgesic', 'opioid', 'nsaid', 'inhibitor', 'vaccine', 'vaccination', 'alcohol', 'hormone therapy', 'pain', 'blood test',
]);
const CANCER_NOUN = /\b(?:cancers?|carcinomas?|adenocarcinomas?|tumou?rs?|neoplasms?|malignanc(?:y|ies))$/;
const CANCER_NAME = /(?:cancer|sarcoma|lymphoma|leukemia|leukaemia|melanoma|myeloma|blastoma|glioma|mesothelioma|carcinoid|thymoma|seminoma|teratoma)$/;

/** One word as compared: lower case, without a plural 's' ("tumors", "flashes" → "flashe" on both sides alike). */
const singular = (word: string) => (word.length > 4 && /[^sui]s$/.test(word) ? word.slice(0, -1) : word);
const keyOf = (term: string) =>
  term.toLowerCase().replace(CANCER_NOUN, 'cancer').replace(/tumour/g, 'tumor').split(/\s+/).map(singular).join(' ');

/** The weighted terms of a text; a term met twice counts once. */
export function similarTerms(text: string): SimilarTerm[] {
  const terms = new Map<string, SimilarTerm>();
  const add = (term: SimilarTerm) => {
    const existing = terms.get(term.key);
    if (!existing || existing.weight < term.weight) terms.set(term.key, term);
  };
  for (const { term, kind } of medicalTerms(text)) {
    const key = keyOf(term);
    if (GENERIC_TERMS.has(key) || kind === 'generic' || kind === 'modifier') continue;
    if (kind === 'anatomy') {
      // "weight gain", "quality of life": read as body words by the builder, but the subject of a question.
      if (key.includes(' ') && !key.split(' ').every((word) => ANATOMY_WORDS.has(word))) add({ key, weight: 2, role: 'topic' });
      else add({ key, weight: 1, role: 'context' });
      continue;
    }
    if (kind === 'unknown') {
      add({ key, weight: 2, role: 'rare' });
      continue;
    }
    if (CANCER_NAME.test(key)) {
      add({ key, weight: 2, role: 'cancer' });
      // "metastatic breast cancer" and "breast cancer", "hairy cell leukemia" and "leukemia" are the same cancer.
      const parts = key.split(' ');
      if (parts.length > 2 && parts.at(-1) === 'cancer') add({ key: parts.slice(-2).join(' '), weight: 2, role: 'cancer' });
      else if (parts.length > 1 && parts.at(-1) !== 'cancer' && !GENERIC_TERMS.has(parts.at(-1)!)) add({ key: parts.at(-1)!, weight: 2, role: 'cancer' });
      continue;
    }
    const weight = CLASS_TERMS.has(key) ? 2 : kind === 'entity' || kind === 'symptom' ? 3 : 2;
    add({ key, weight, role: 'topic' });
  }
  return [...terms.values()];
}

/** The least shared weight of a suggestion: one cancer type, one procedure or one drug class; a body part alone never. */
export const SIMILAR_MIN_SHARED = 2;

export interface SimilarScore {
  /** Cosine of the two weighted term sets (0 to 1). */
  score: number;
  shared: string[];
}

/** How alike a typed question and an answered one are; null when they do not match (no shared topic, too little shared). */
export function similarity(asked: readonly SimilarTerm[], candidate: readonly SimilarTerm[]): SimilarScore | null {
  const theirs = new Map(candidate.map((t) => [t.key, t]));
  const shared = asked.filter((t) => theirs.has(t.key));
  const sharedWeight = shared.reduce((sum, t) => sum + Math.min(t.weight, theirs.get(t.key)!.weight), 0);
  if (sharedWeight < SIMILAR_MIN_SHARED) return null;
  const hasTopic = asked.some((t) => t.role === 'topic');
  if (hasTopic ? !shared.some((t) => t.role === 'topic') : !shared.some((t) => t.role === 'cancer' || t.role === 'rare')) return null;
  const norm = (terms: readonly SimilarTerm[]) => Math.sqrt(terms.reduce((sum, t) => sum + t.weight * t.weight, 0));
  const dot = shared.reduce((sum, t) => sum + t.weight * theirs.get(t.key)!.weight, 0);
  return { score: dot / (norm(asked) * norm(candidate)), shared: shared.map((t) => t.key) };
}

/**
 * The ranking: candidates that match, most alike first (ties keep the candidates' order, newest first), at most
 * `limit`. The labelled set in apps/api/eval/similar-questions/ measures this function.
 */
export function rankSimilar<T extends { question_text: string }>(text: string, candidates: readonly T[], limit = SIMILAR_QUESTIONS_LIMIT): T[] {
  const asked = similarTerms(text);
  if (!asked.some((t) => t.role !== 'context')) return [];
  return candidates
    .map((candidate, index) => ({ candidate, index, match: similarity(asked, similarTerms(candidate.question_text)) }))
    .filter((c): c is typeof c & { match: SimilarScore } => c.match !== null)
    .sort((a, b) => b.match.score - a.match.score || a.index - b.index)
    .slice(0, limit)
    .map((c) => c.candidate);
}

/** Candidates read from the term index per typed question, ranked in code. */
export const SIMILAR_CANDIDATES = 60;
/**
 * Each word reads at most this many index rows (newest first), so a word found in half the questions costs no more
 * than a rare one.
 */
export const SIMILAR_ROWS_PER_WORD = 200;
/** The index words looked up, at most this many. */
export const SIMILAR_MAX_WORDS = 8;

/** The index words of the typed question's weighed terms: what a matching question must hold (in its text or answers). */
export function similarWords(text: string): SearchWord[] {
  const terms = similarTerms(text).filter((t) => t.role !== 'context').sort((a, b) => b.weight - a.weight);
  const seen = new Set<string>();
  const words: SearchWord[] = [];
  for (const term of terms) {
    for (const word of searchWords(term.key, 8)) {
      if (seen.has(word.term) || GENERIC_TERMS.has(singular(word.term))) continue;
      seen.add(word.term);
      // A plural's stem ("flashe") is matched as a prefix of the indexed word, as search does.
      words.push(word);
    }
  }
  return words.slice(0, SIMILAR_MAX_WORDS);
}

/**
 * Answered questions holding any of the words, those holding the most first (ties newest first): one bounded walk of
 * ix_search_terms_term per word. Only id and text leave here: never who asked.
 */
export function similarQuestionsSql(words: readonly SearchWord[]): SqlStatement {
  const params: unknown[] = [];
  const walks = words.map((word, i) => {
    params.push(word.prefix ? termPrefixPattern(word.term) : word.term);
    const match = word.prefix ? 't.term LIKE ?' : 't.term = ?';
    return `(SELECT t.question_id, ${i} AS word FROM question_search_terms t WHERE ${match}
      ORDER BY t.term, t.created_at DESC, t.question_id DESC LIMIT ${SIMILAR_ROWS_PER_WORD})`;
  });
  params.push(SIMILAR_CANDIDATES);
  return {
    sql: `SELECT q.id, q.question_text, COUNT(DISTINCT hits.word) AS matched
      FROM (${walks.join(' UNION ALL ')}) hits JOIN cancer_questions q ON q.id = hits.question_id
      WHERE q.answers_count > 0
      GROUP BY q.id, q.question_text, q.created_at
      ORDER BY matched DESC, q.created_at DESC, q.id DESC
      LIMIT ?`,
    params,
  };
}

/** Answers per kind of some questions (ix_answers_question_created). */
export function answerCountsSql(questionIds: readonly number[]): SqlStatement {
  return {
    sql: 'SELECT question_id, answer_type, COUNT(*) AS n FROM cancer_answers WHERE question_id IN (?) GROUP BY question_id, answer_type',
    params: [questionIds],
  };
}

/** The suggestions for a typed text: up to SIMILAR_QUESTIONS_LIMIT answered questions sharing its medical topic, with their answer counts per source. */
export async function findSimilarQuestions(run: RunSql, text: string): Promise<SimilarQuestion[]> {
  const words = similarWords(text);
  if (words.length === 0) return [];
  const query = similarQuestionsSql(words);
  const candidates = (await run(query.sql, query.params)) as { id: number | string; question_text: string }[];
  const found = rankSimilar(text, candidates);
  if (found.length === 0) return [];
  const ids = found.map((row) => Number(row.id));
  const { sql, params } = answerCountsSql(ids);
  const counts = (await run(sql, params)) as { question_id: number | string; answer_type: AnswerKind; n: number | string }[];
  return found.map((row) => {
    const id = Number(row.id);
    const answer_counts = Object.fromEntries(ANSWER_KINDS.map((kind) => [kind, 0])) as Record<AnswerKind, number>;
    for (const c of counts) if (Number(c.question_id) === id && c.answer_type in answer_counts) answer_counts[c.answer_type] = Number(c.n);
    return { id, question_text: row.question_text, answer_counts };
  });
}

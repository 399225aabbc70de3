import { RESEARCH_DATABASES, RESEARCH_LIMITS, ResearchDatabase, ResearchPlan } from '@cqa/contracts';
import type { PlanReply } from './research.schemas';

const clean = (s: unknown, max: number) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim().slice(0, max) : '');

/** The model's plan, trimmed into bounds: 2–5 sub-questions, each with at least one query, a sane year range. */
export function normalisePlan(reply: PlanReply, thisYear = new Date().getFullYear()): ResearchPlan {
  const subQuestions = reply.sub_questions
    .map((sq) => ({
      question: clean(sq.question, RESEARCH_LIMITS.maxSubQuestionLength),
      queries: Object.fromEntries(RESEARCH_DATABASES.map((db) => [db, clean(sq[db], RESEARCH_LIMITS.maxQueryLength)])) as Record<ResearchDatabase, string>,
    }))
    .filter((sq) => sq.question && RESEARCH_DATABASES.some((db) => sq.queries[db]))
    .slice(0, RESEARCH_LIMITS.maxSubQuestions);
  if (subQuestions.length < RESEARCH_LIMITS.minSubQuestions) {
    throw new Error(`The proposed plan has ${subQuestions.length} usable sub-questions; at least ${RESEARCH_LIMITS.minSubQuestions} are needed`);
  }
  const yearTo = Math.min(Math.max(reply.year_to, RESEARCH_LIMITS.minYear), thisYear);
  const yearFrom = Math.min(Math.max(reply.year_from, RESEARCH_LIMITS.minYear), yearTo);
  const criteria = reply.inclusion_criteria.map((c) => clean(c, RESEARCH_LIMITS.maxCriterionLength)).filter(Boolean).slice(0, RESEARCH_LIMITS.maxCriteria);
  return { subQuestions, inclusionCriteria: criteria.length ? criteria : ['Studies of people with cancer that address the question'], yearFrom, yearTo };
}

/** Every problem of an edited plan, for a 400 that lists them; empty when it is valid. */
export function planProblems(plan: unknown, thisYear = new Date().getFullYear()): string[] {
  const problems: string[] = [];
  const p = plan as Partial<ResearchPlan> | null;
  if (!p || typeof p !== 'object') return ['The plan must be an object'];
  const subs = Array.isArray(p.subQuestions) ? p.subQuestions : null;
  if (!subs || subs.length < RESEARCH_LIMITS.minSubQuestions || subs.length > RESEARCH_LIMITS.maxSubQuestions) {
    problems.push(`Give ${RESEARCH_LIMITS.minSubQuestions} to ${RESEARCH_LIMITS.maxSubQuestions} sub-questions`);
  }
  (subs ?? []).forEach((sq, i) => {
    const n = i + 1;
    if (!sq || typeof sq.question !== 'string' || !sq.question.trim()) problems.push(`Sub-question ${n} needs a text`);
    else if (sq.question.length > RESEARCH_LIMITS.maxSubQuestionLength) problems.push(`Sub-question ${n} is longer than ${RESEARCH_LIMITS.maxSubQuestionLength} characters`);
    const queries = sq?.queries as Record<string, unknown> | undefined;
    if (!queries || typeof queries !== 'object') {
      problems.push(`Sub-question ${n} needs its queries`);
      return;
    }
    for (const db of RESEARCH_DATABASES) {
      if (typeof queries[db] !== 'string') problems.push(`Sub-question ${n}: the ${db} query must be text (empty skips it)`);
      else if ((queries[db] as string).length > RESEARCH_LIMITS.maxQueryLength) problems.push(`Sub-question ${n}: the ${db} query is longer than ${RESEARCH_LIMITS.maxQueryLength} characters`);
    }
    if (RESEARCH_DATABASES.every((db) => typeof queries[db] !== 'string' || !(queries[db] as string).trim())) problems.push(`Sub-question ${n} needs at least one query`);
  });
  const criteria = Array.isArray(p.inclusionCriteria) ? p.inclusionCriteria : null;
  if (!criteria || criteria.length < 1 || criteria.length > RESEARCH_LIMITS.maxCriteria) problems.push(`Give 1 to ${RESEARCH_LIMITS.maxCriteria} inclusion criteria`);
  (criteria ?? []).forEach((c, i) => {
    if (typeof c !== 'string' || !c.trim()) problems.push(`Criterion ${i + 1} needs a text`);
    else if (c.length > RESEARCH_LIMITS.maxCriterionLength) problems.push(`Criterion ${i + 1} is longer than ${RESEARCH_LIMITS.maxCriterionLength} characters`);
  });
  const yearOk = (y: unknown) => Number.isInteger(y) && (y as number) >= RESEARCH_LIMITS.minYear && (y as number) <= thisYear;
  if (!yearOk(p.yearFrom) || !yearOk(p.yearTo)) problems.push(`Years must be whole numbers from ${RESEARCH_LIMITS.minYear} to ${thisYear}`);
  else if ((p.yearFrom as number) > (p.yearTo as number)) problems.push('The first year must not be after the last year');
  return problems;
}

/** The edited plan as stored: texts trimmed, nothing but the known fields kept. */
export function cleanPlan(p: ResearchPlan): ResearchPlan {
  return {
    subQuestions: p.subQuestions.map((sq) => ({
      question: sq.question.trim(),
      queries: Object.fromEntries(RESEARCH_DATABASES.map((db) => [db, sq.queries[db].trim()])) as Record<ResearchDatabase, string>,
    })),
    inclusionCriteria: p.inclusionCriteria.map((c) => c.trim()),
    yearFrom: p.yearFrom,
    yearTo: p.yearTo,
  };
}

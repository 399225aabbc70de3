import { displayCancerType } from '@cqa/contracts';
import { ASPECTS, CANCER_TYPE_TERMS } from './fallback-query.data';
import { personalContent, scrubPersonal } from './personal-data';
import { type Found, type Kind, readConcepts, sentences, splitSubject, subjectAsPhrase } from './question-reading';
import { BRAND_TO_GENERIC, DRUG_CLASSES, DRUG_WORDS } from './vocabulary';

export { medicalTerms, splitSubject, type MedicalTermKind } from './question-reading';

/** The searches of one AI answer, one per database. */
export interface LiteratureQueries {
  pubmed: string;
  europepmc: string;
  ctgov: string;
  /** the concepts the queries search for, most important first */
  focus: string[];
  aspect: string | null;
  source: 'planner' | 'fallback';
}

/**
 * The rule builder: the searches of an AI answer when no model plans them (none configured, or its plan was refused).
 * It reads what a librarian would: the subject line first, then the message; the medical concepts in it (a drug, a
 * disease, "<organ> cancer" as a phrase, a test, a symptom; misspellings, lay terms and brand names mapped by a small
 * table in vocabulary.ts; a misspelt one read as the word it stands for; a word it does not know, often a rare disease,
 * kept as a last resort), ranked (a named disease or drug before a symptom, a body part or "cancer" alone; the subject's
 * and the asking sentence's first); the aspect asked (safety, side effects, survival …); and the chosen cancer type as a
 * phrase. The first queries AND the two leading concepts and the aspect; the broader ones drop the aspect, then keep
 * the leading concept alone.
 * Greetings, relatives, the story and filler carry no medical word and fall away; the question is scrubbed of
 * everything personal before it is read, and every query is checked again before it is returned.
 *
 * `npm run eval:retrieval` measures it on real consumer questions.
 */

/** Most specific first, then broader ones (fewer terms, aspect dropped) to retry with when a database returns nothing. */
export function fallbackQueries(question: string, cancerType: string | null): LiteratureQueries[] {
  const { subject, message } = splitSubject(scrubPersonal(question).text);
  const concepts = new Map<string, Concept>();
  let position = 0;
  const add = (found: Found, inSubject: boolean, inQuestion: boolean) => {
    const existing = concepts.get(found.term);
    if (existing) {
      existing.count += 1;
      existing.inSubject ||= inSubject;
      existing.inQuestion ||= inQuestion;
      // "PTEN" first seen alone, then as "PTEN gene": the stronger reading counts.
      if (KIND_WEIGHT[found.kind] > KIND_WEIGHT[existing.kind]) existing.kind = found.kind;
    } else concepts.set(found.term, { ...found, first: position, count: 1, inSubject, inQuestion });
    position += 1;
  };
  const fromSubject = sentences(subject).flatMap((s) => readConcepts(s.text).map((f) => ({ f, question: s.question })));
  for (const { f, question: q } of fromSubject) add(f, true, q);
  const subjectPhrase = fromSubject.some(({ f }) => ['entity', 'procedure', 'symptom'].includes(f.kind)) ? null : subjectAsPhrase(subject);
  if (subjectPhrase) add(subjectPhrase, true, false);
  for (const s of sentences(message)) for (const f of readConcepts(s.text)) add(f, false, s.question);
  const type = cancerTypeConcept(cancerType, [...concepts.values()]);
  if (type) concepts.set(type.term, { ...type, first: position, count: 1, inSubject: false, inQuestion: false });
  const ranked = rank(withoutSubsumed([...concepts.values()]));
  const aspect = aspectOf(`${subject}\n${message}`.toLowerCase(), ranked);

  // An unknown word is searched second only when the subject line or a question names it (else it may be a misspelt
  // story word, and AND-ing it would lose the search).
  const pair = ranked.length > 1 && (ranked[1].kind !== 'unknown' || ranked[1].inSubject || ranked[1].inQuestion) ? ranked.slice(0, 2) : ranked.slice(0, 1);
  const ladder: Array<{ concepts: Concept[]; aspect: Aspect | null }> = [
    { concepts: pair, aspect },
    { concepts: pair, aspect: null },
    { concepts: ranked.slice(0, 1), aspect: null },
  ];
  const out: LiteratureQueries[] = [];
  for (const step of ladder) {
    if (step.concepts.length === 0) continue;
    const queries = build(step.concepts, step.aspect);
    if (out.some((q) => q.pubmed === queries.pubmed)) continue;
    if ([queries.pubmed, queries.europepmc, queries.ctgov].some((q) => personalContent(q).length > 0)) continue;
    out.push(queries);
  }
  return out;
}

/** What each kind of concept weighs in the ranking (`score` below). */
const KIND_WEIGHT: Record<Kind, number> = { entity: 3, procedure: 2, symptom: 2, unknown: 1.5, anatomy: 1, generic: 0.5, modifier: 0.5 };

interface Concept extends Found {
  first: number;
  count: number;
  inSubject: boolean;
  /** Named in a sentence that asks (ends with a question mark). */
  inQuestion: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// The chosen cancer type, ranking, the aspect

/** The chosen cancer type as a concept, unless the question already names that cancer (or a kind of it). */
function cancerTypeConcept(cancerType: string | null, found: readonly Concept[]): Found | null {
  const type = CANCER_TYPE_TERMS[displayCancerType(cancerType)];
  if (!type) return null;
  const named = found.some((c) => c.kind === 'entity' && type.names.some((n) => c.term.split(/[\s-]+/).includes(n)) && /cancer|carcinoma|tumor|neoplasm|metastases|sarcoma|lymphoma|leukemia|melanoma|oma$/.test(c.term));
  return named ? null : { term: type.term, kind: 'entity', alternatives: [], mesh: type.mesh };
}

/** A concept whose words all belong to a more specific one ("cancer" in "liver cancer") is searched through it. */
function withoutSubsumed(concepts: Concept[]): Concept[] {
  const wordsOf = (c: Concept) => c.term.split(/[\s-]+/);
  const kept: Concept[] = [];
  for (const c of concepts) {
    const host = concepts.find((d) => d !== c && d.term.length > c.term.length && wordsOf(c).every((w) => wordsOf(d).includes(w)));
    if (!host) {
      kept.push(c);
      continue;
    }
    host.inSubject ||= c.inSubject;
    host.inQuestion ||= c.inQuestion;
    host.count += c.count;
    host.first = Math.min(host.first, c.first);
  }
  // "cancer" alone says nothing once a named disease is there.
  const specific = kept.some((c) => c.kind === 'entity');
  return kept.filter((c) => !(c.kind === 'generic' && specific));
}

/** In a cancer Q&A a tumour, or a drug, is more likely the question's focus than another disease named beside it. */
const ONCOLOGY = /cancer|carcinoma|tumor|neoplasm|oma$|omas$|leukemia|metasta/;
const isDrug = (c: Found) =>
  c.term.split(' ').some((w) => DRUG_WORDS.has(w) && !DRUG_CLASSES.has(w)) || Object.values(BRAND_TO_GENERIC).includes(c.term);

/**
 * A concept's weight: its kind (a named disease or drug 3, a test, procedure or symptom 2, a body part 1, "cancer" or a
 * stage alone 0.5), +1.5 when the subject line names it, +1 when a sentence that asks names it, +0.5 for a tumour or a drug,
 * +0.25 for each repetition (at most two).
 */
const score = (c: Concept) =>
  KIND_WEIGHT[c.kind] + (c.inSubject ? 1.5 : 0) + (c.inQuestion ? 1 : 0) + (c.kind === 'entity' && (ONCOLOGY.test(c.term) || isDrug(c)) ? 0.5 : 0) + Math.min(c.count - 1, 2) * 0.25;

function rank(concepts: Concept[]): Concept[] {
  return [...concepts].sort((a, b) => score(b) - score(a) || a.first - b.first);
}

interface Aspect {
  name: string;
  /** As searched. */
  term: string;
}

function aspectOf(text: string, concepts: readonly Concept[]): Aspect | null {
  const drugs = concepts.filter((c) => c.kind === 'entity' && DRUG_WORDS.has(c.term.split(' ')[0])).length;
  for (const a of ASPECTS) {
    if (a.needsTwoDrugs && drugs < 2) continue;
    if (a.pattern.test(text)) return { name: a.name, term: a.term };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing the queries

const MAX_QUERY_LENGTH = 300;
const quote = (term: string) => (/[\s-]/.test(term) ? `"${term}"` : term);

function pubmedConcept(c: Concept): string {
  const parts = [quote(c.term), ...c.alternatives.map(quote), ...(c.mesh ? [`"${c.mesh}"[mh]`] : [])];
  return parts.length > 1 ? `(${parts.join(' OR ')})` : parts[0];
}

function europePmcConcept(c: Concept): string {
  const parts = [quote(c.term), ...c.alternatives.map(quote)];
  return parts.length > 1 ? `(${parts.join(' OR ')})` : parts[0];
}

function build(concepts: readonly Concept[], aspect: Aspect | null): LiteratureQueries {
  const join = (parts: string[]) => parts.join(' AND ');
  const aspectPart = aspect ? [quote(aspect.term)] : [];
  let used = [...concepts];
  // The length limit drops the least important concept first.
  while (used.length > 1 && join([...used.map(pubmedConcept), ...aspectPart]).length > MAX_QUERY_LENGTH) used = used.slice(0, -1);
  // ClinicalTrials.gov: the condition before the intervention, plain words (its search joins them).
  const trials = [...used].sort((a, b) => Number(!/cancer|carcinoma|tumor|neoplasm|oma$|emia$/.test(a.term)) - Number(!/cancer|carcinoma|tumor|neoplasm|oma$|emia$/.test(b.term)));
  return {
    pubmed: join([...used.map(pubmedConcept), ...aspectPart]).slice(0, MAX_QUERY_LENGTH),
    europepmc: join([...used.map(europePmcConcept), ...aspectPart]).slice(0, MAX_QUERY_LENGTH),
    ctgov: trials.map((c) => c.term).join(' ').slice(0, MAX_QUERY_LENGTH),
    focus: used.map((c) => c.term),
    aspect: aspect?.name ?? null,
    source: 'fallback',
  };
}

import { displayCancerType } from '@cqa/contracts';
import { CHEMICAL_PREFIX, isCommonWord, isMedicallyShaped, personalContent, scrubPersonal } from './personal-data';
import { correctSpelling } from './spelling';
import {
  ACRONYMS,
  ANATOMY_WORDS,
  BRAND_TO_GENERIC,
  CANCER_MODIFIERS,
  CANCER_NOUNS,
  DISEASE_WORDS,
  DRUG_CLASSES,
  DRUG_WORDS,
  GENERIC_WORDS,
  LAY_TERMS,
  MEDICAL_ACRONYMS,
  MEDICAL_ADJECTIVES,
  MEDICAL_PHRASES,
  NON_MEDICAL_ACRONYMS,
  ORGANS,
  SYMPTOM_WORDS,
  TEST_PROCEDURE_WORDS,
} from './vocabulary';

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

/** What a medical term of a text is: a named disease or drug ('entity') outranks a symptom or procedure, then a body part. */
export type MedicalTermKind = 'entity' | 'procedure' | 'symptom' | 'unknown' | 'anatomy' | 'generic' | 'modifier';

/**
 * The medical terms of a text, read as the rule builder reads a question (lay terms, brands and misspellings mapped,
 * "<organ> cancer" as one term), after the scrubber removed what is personal (a name would read as a rare word). The
 * similar-questions ranking compares questions by these, so both speak one vocabulary.
 */
export function medicalTerms(text: string): Array<{ term: string; kind: MedicalTermKind }> {
  return sentences(scrubPersonal(text).text).flatMap((s) => readConcepts(s.text)).map(({ term, kind }) => ({ term, kind }));
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the question

/** `unknown`: a word neither English nor in the vocabulary, most often a rare disease or drug ("trimethylaminuria"). */
type Kind = MedicalTermKind;
const KIND_WEIGHT: Record<Kind, number> = { entity: 3, procedure: 2, symptom: 2, unknown: 1.5, anatomy: 1, generic: 0.5, modifier: 0.5 };

interface Found {
  /** As searched, lower case (an acronym in capitals). */
  term: string;
  kind: Kind;
  /** Searched beside the term (OR): the acronym of an expanded term, a lay wording the literature uses too. */
  alternatives: string[];
  /** A MeSH heading PubMed searches beside the term. */
  mesh?: string;
}

interface Concept extends Found {
  first: number;
  count: number;
  inSubject: boolean;
  /** Named in a sentence that asks (ends with a question mark). */
  inQuestion: boolean;
}

/** The sentences of a text, and whether each asks. */
function sentences(text: string): Array<{ text: string; question: boolean }> {
  return text
    .split(/(?<=[.?!])\s+|\n+|(?<=\?)(?=\S)/)
    .filter((t) => t.trim())
    .map((t) => ({ text: t, question: /\?\s*$/.test(t) }));
}

/**
 * A short subject line without a medical word the vocabulary knows ("pseudogout", "residual cancer"): the words the
 * person chose as the topic, searched as a phrase (common words at either end dropped).
 */
function subjectAsPhrase(subject: string): Found | null {
  const words = tokens(subject).map((t) => t.word);
  if (words.length === 0 || words.length > 4) return null;
  let from = 0;
  let to = words.length;
  while (from < to && (isCommonWord(words[from]) || GENERIC_WORDS.has(words[from]) || /^\d/.test(words[from]))) from += 1;
  while (to > from && (isCommonWord(words[to - 1]) || /^\d/.test(words[to - 1]))) to -= 1;
  const kept = words.slice(from, to);
  if (kept.length === 0 || kept.every((w) => isCommonWord(w) || GENERIC_WORDS.has(w))) return null;
  return { term: kept.join(' '), kind: 'procedure', alternatives: [] };
}

/** "SUBJECT: … MESSAGE: …" as consumers' messages come, or a short first line above the rest. */
export function splitSubject(text: string): { subject: string; message: string } {
  const labelled = /^\s*subject\s*:\s*([^\n]{0,300}?)\s*(?:\n|message\s*:)\s*(?:message\s*:)?([\s\S]*)$/i.exec(text);
  if (labelled) return { subject: labelled[1], message: labelled[2].replace(/^\s*message\s*:/i, '') };
  const messageOnly = /^\s*message\s*:\s*([\s\S]*)$/i.exec(text);
  if (messageOnly) return { subject: '', message: messageOnly[1] };
  const lines = text.split('\n');
  if (lines.length > 1 && lines[0].trim().length > 0 && lines[0].length <= 120) return { subject: lines[0], message: lines.slice(1).join('\n') };
  return { subject: '', message: text };
}

const layPattern = new RegExp(
  String.raw`\b(?:${[...LAY_TERMS].sort((a, b) => b[0].length - a[0].length).map(([from]) => from.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&').replace(/ /g, '\\s+')).join('|')})\b`,
  'gi',
);
const LAY = new Map(LAY_TERMS.map(([from, to]) => [from, to]));
/** Lay wordings the literature uses too: searched beside their medical term. */
const LAY_KEPT = new Set(['chemo brain']);

const phrasesByFirstWord = new Map<string, string[][]>();
for (const phrase of [...MEDICAL_PHRASES, ...LAY_TERMS.map(([, to]) => to).filter((to) => to.includes(' '))]) {
  const parts = phrase.split(' ');
  const list = phrasesByFirstWord.get(parts[0]) ?? [];
  if (!list.some((l) => l.join(' ') === parts.join(' '))) list.push(parts);
  list.sort((a, b) => b.length - a.length);
  phrasesByFirstWord.set(parts[0], list);
}

interface Token {
  raw: string;
  word: string;
}

const TOKEN = /[A-Za-z0-9][A-Za-z0-9'’-]*[A-Za-z0-9]|[A-Za-z0-9]/g;

function tokens(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ raw: m[0], word: m[0].toLowerCase().replace(/['’]s$/, '').replace(/['’]/g, '') }));
}

const VOCABULARY = [DISEASE_WORDS, DRUG_WORDS, TEST_PROCEDURE_WORDS, SYMPTOM_WORDS, ANATOMY_WORDS, GENERIC_WORDS];
const inVocabulary = (w: string) => VOCABULARY.some((v) => v.has(w)) || Object.hasOwn(BRAND_TO_GENERIC, w);

/** A word as the vocabulary has it: its singular or stem ("fractured" → "fracture"), or the word a misspelling stands for. */
function vocabularyForm(token: Token): Token {
  const w = token.word;
  if (inVocabulary(w) || isCommonWord(w) || MEDICAL_ADJECTIVES.has(w) || !/^[a-z]+$/.test(w) || token.raw === token.raw.toUpperCase()) return token;
  for (const [suffix, add] of [['s', ''], ['es', ''], ['ed', ''], ['ed', 'e'], ['ing', ''], ['ing', 'e']] as const) {
    if (w.length > suffix.length + 3 && w.endsWith(suffix) && inVocabulary(w.slice(0, -suffix.length) + add)) return { ...token, word: w.slice(0, -suffix.length) + add };
  }
  // A word shaped like a medical one ("lymphocytic") is corrected by one edit at most ("thahlidomide").
  const corrected = correctSpelling(w, isMedicallyShaped(w) ? 1 : 2);
  return corrected ? { ...token, word: corrected } : token;
}

/** The medical concepts of a piece of text, in order of appearance. */
function readConcepts(text: string): Found[] {
  const alternativesOf = new Map<string, string>();
  const mapped = text.replace(layPattern, (m) => {
    const to = LAY.get(m.toLowerCase().replace(/\s+/g, ' ')) ?? m;
    if (LAY_KEPT.has(m.toLowerCase())) alternativesOf.set(to, m.toLowerCase());
    return to;
  });
  const letters = mapped.replace(/[^A-Za-z]/g, '');
  const shouted = letters.length >= 12 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.7;
  const toks = tokens(mapped).map(vocabularyForm);
  const found: Found[] = [];
  for (let i = 0; i < toks.length; ) {
    const match = cancerPhraseAt(toks, i) ?? lexiconPhraseAt(toks, i) ?? compoundAt(toks, i, shouted) ?? wordAt(toks, i, shouted);
    if (!match) {
      i += 1;
      continue;
    }
    for (const f of match.found) {
      const alternative = alternativesOf.get(f.term);
      found.push(alternative ? { ...f, alternatives: [...f.alternatives, alternative] } : f);
    }
    i += match.length;
  }
  return found;
}

type Match = { found: Found[]; length: number } | null;

const nounOf = (word: string): string | undefined => (Object.hasOwn(CANCER_NOUNS, word) ? CANCER_NOUNS[word] : undefined);
const organOf = (toks: Token[], j: number): { adjective: string; mesh?: string; length: number } | null => {
  const w = toks[j]?.word;
  if (!w) return null;
  if (w === 'bone' && toks[j + 1]?.word === 'marrow') return { ...ORGANS.marrow, length: 2 };
  if (w === 'head' && toks[j + 1]?.word === 'and' && toks[j + 2]?.word === 'neck') return { ...ORGANS.head, length: 3 };
  if (w === 'head') return null;
  return Object.hasOwn(ORGANS, w) ? { ...ORGANS[w], length: 1 } : null;
};

/** "<modifiers> <organ> cancer" and "cancer of the <organ> (and <organ>)", searched as "<organ> cancer". */
function cancerPhraseAt(toks: Token[], i: number): Match {
  let j = i;
  const modifiers: string[] = [];
  while (modifiers.length < 3 && CANCER_MODIFIERS.has(toks[j]?.word ?? '')) modifiers.push(toks[j++].word);
  const organ = organOf(toks, j);
  if (organ) {
    const noun = nounOf(toks[j + organ.length]?.word ?? '');
    if (noun) {
      return { found: [{ term: [...modifiers, organ.adjective, noun].join(' '), kind: 'entity', alternatives: [], mesh: organ.mesh }], length: j + organ.length + 1 - i };
    }
  }
  // "metastatic melanoma", "advanced cancer": modifiers and a noun without an organ.
  const bare = nounOf(toks[j]?.word ?? '');
  if (modifiers.length > 0 && bare) return { found: [{ term: [...modifiers, bare].join(' '), kind: 'entity', alternatives: [] }], length: j + 1 - i };
  const noun = nounOf(toks[i]?.word ?? '');
  if (!noun || !['of', 'in'].includes(toks[i + 1]?.word ?? '')) return null;
  let k = i + 2;
  if (['the', 'his', 'her', 'my', 'both'].includes(toks[k]?.word ?? '')) k += 1;
  const found: Found[] = [];
  for (let n = 0; n < 2; n += 1) {
    const at = organOf(toks, k);
    if (!at) break;
    found.push({ term: `${at.adjective} ${noun}`, kind: 'entity', alternatives: [], mesh: at.mesh });
    k += at.length;
    if (toks[k]?.word !== 'and' || !organOf(toks, k + 1)) break;
    k += 1;
  }
  return found.length ? { found, length: k - i } : null;
}

/** The longest medical phrase of the lexicon starting here. */
function lexiconPhraseAt(toks: Token[], i: number): Match {
  for (const parts of phrasesByFirstWord.get(toks[i].word) ?? []) {
    if (parts.every((p, n) => toks[i + n]?.word === p.replace(/'/g, ''))) {
      const term = parts.join(' ').replace(/'/g, '');
      return { found: [{ term, kind: phraseKind(parts), alternatives: [] }], length: parts.length };
    }
  }
  return null;
}

function phraseKind(parts: readonly string[]): Kind {
  if (parts.some((p) => DISEASE_WORDS.has(p) || DRUG_WORDS.has(p))) return 'entity';
  return parts.every((p) => ANATOMY_WORDS.has(p) || isCommonWord(p)) ? 'anatomy' : 'procedure';
}

const NAMED_NOUNS = new Set(['syndrome', 'disease', 'disorder']);
/** Words that never begin a disease's name ("this syndrome", "a rare disease"). */
const FUNCTION_WORDS = new Set(
  'a an the this that these those my his her their our your its same such rare other new any some no of with and or for from to in on at by is are was were has have had having what which whose called named diagnosed genetic chronic'.split(' '),
);
const TUMOR_NOUNS = new Set(['tumor', 'tumors', 'tumour', 'tumours']);
const GENE_NOUNS = new Set(['gene', 'genes', 'mutation', 'mutations', 'variant', 'variants', 'deletion', 'carrier']);
const ADJECTIVE_SHAPE = /^[a-z]{3,}(?:ic|al|ar|ary|ous|oid|ile)$/;
const isModifier = (w: string) => MEDICAL_ADJECTIVES.has(w) || ANATOMY_WORDS.has(w) || (ADJECTIVE_SHAPE.test(w) && isNamedWord(w) && !inVocabulary(w));
const isNamedWord = (w: string) => w.length >= 3 && !isCommonWord(w) && !GENERIC_WORDS.has(w) && !/^\d/.test(w);

/**
 * Two-word concepts the lexicon does not list: "<name> syndrome/disease" ("Ledderhose disease"), "<name> tumor"
 * ("fibroid tumor", "NUT tumor"), "<gene> mutation" ("PTEN gene"), "<body part> <symptom or disease>" ("vaginal
 * rashes", "neck lump"), "<medical adjective> <disease>" ("pyloric stenosis").
 */
function compoundAt(toks: Token[], i: number, shouted: boolean): Match {
  const a = toks[i];
  const b = toks[i + 1];
  if (!b) return null;
  const entity = (term: string, kind: Kind = 'entity', alternatives: string[] = []): Match => ({ found: [{ term, kind, alternatives }], length: 2 });
  // "<name> syndrome", "stiff person syndrome": one or two words before, at least one of them not common English.
  if (toks[i + 2] && NAMED_NOUNS.has(toks[i + 2].word) && !FUNCTION_WORDS.has(a.word) && !FUNCTION_WORDS.has(b.word) && (isNamedWord(a.word) || isNamedWord(b.word)) && !/^\d/.test(a.word + b.word)) {
    return { found: [{ term: `${a.word} ${b.word} ${toks[i + 2].word}`, kind: 'entity', alternatives: [] }], length: 3 };
  }
  if (isNamedWord(a.word) && NAMED_NOUNS.has(b.word)) return entity(`${a.word} ${b.word}`);
  const acronym = !shouted && a.raw === a.raw.toUpperCase() && /^[A-Z][A-Z0-9-]{1,7}$/.test(a.raw) && !NON_MEDICAL_ACRONYMS.has(a.raw);
  const medicalName = inVocabulary(a.word) || isMedicallyShaped(a.word) || acronym || /^[A-Z][a-z]/.test(a.raw);
  if (TUMOR_NOUNS.has(b.word) && isNamedWord(a.word) && medicalName && !Object.hasOwn(ORGANS, a.word) && !MEDICAL_ADJECTIVES.has(a.word)) {
    return entity(acronym ? `${a.raw} tumor` : `${a.word} tumor`);
  }
  if (acronym && GENE_NOUNS.has(b.word)) return entity(a.raw);
  // "<modifiers> <disease>": one or two medical adjectives, body parts or -ic/-al words before a disease or symptom
  // ("congenital adrenal hyperplasia", "pyloric stenosis", "vaginal rashes"), or before a rare word after a medical
  // adjective ("familial dysautonomia").
  const modifiers: string[] = [];
  let k = i;
  while (modifiers.length < 2 && toks[k + 1] && isModifier(toks[k].word)) modifiers.push(toks[k++].word);
  const head = toks[k];
  if (modifiers.length > 0 && head) {
    const kind: Kind | null = DISEASE_WORDS.has(head.word) && !GENERIC_WORDS.has(head.word) ? 'entity' : SYMPTOM_WORDS.has(head.word) ? 'symptom' : null;
    const rare = modifiers.some((m) => MEDICAL_ADJECTIVES.has(m)) && /^[a-z]{7,}$/.test(head.word) && !isCommonWord(head.word) && !inVocabulary(head.word);
    if (kind || rare) return { found: [{ term: [...modifiers, head.word].join(' '), kind: kind ?? 'entity', alternatives: [] }], length: k + 1 - i };
  }
  return null;
}

/** Words the aspect is read from: never a concept themselves. */
const ASPECT_WORDS = new Set(['screening', 'screenings', 'screen', 'diagnosis', 'prognosis', 'survival', 'safety', 'risk', 'risks', 'cause', 'causes']);

/** One word: a drug (or a brand, searched as its generic), a disease, an acronym, a test, a symptom, a body part, a stage. */
function wordAt(toks: Token[], i: number, shouted: boolean): Match {
  const { raw, word } = toks[i];
  const one = (term: string, kind: Kind, alternatives: string[] = [], length = 1): Match => ({ found: [{ term, kind, alternatives }], length });
  if (word === 'stage' && /^(?:[0-4]|i{1,3}|iv)(?:[a-c])?$/i.test(toks[i + 1]?.raw ?? '')) return one(`stage ${toks[i + 1].raw.toLowerCase()}`, 'modifier', [], 2);
  const upper = raw.toUpperCase();
  if (!shouted && raw === upper && /[A-Z]/.test(raw)) {
    if (Object.hasOwn(ACRONYMS, upper)) return one(ACRONYMS[upper], 'entity', [upper]);
    if (NON_MEDICAL_ACRONYMS.has(upper)) return null;
    if (MEDICAL_ACRONYMS.has(upper) && (upper.length > 2 || upper === 'CT')) return one(upper, 'entity');
    if (upper.length >= 3 && upper.length <= 5 && !isCommonWord(raw)) return one(upper, 'procedure');
    if (upper.length <= 5) return null;
  }
  if (Object.hasOwn(BRAND_TO_GENERIC, word)) return one(BRAND_TO_GENERIC[word], 'entity');
  if (word.length >= 3 && Object.hasOwn(ACRONYMS, upper) && !isCommonWord(word)) return one(ACRONYMS[upper], 'entity', [upper]);
  if (CHEMICAL_PREFIX.test(word)) return one(word, 'entity');
  if (MEDICAL_ADJECTIVES.has(word)) return null;
  if (word.length < 3 || /^\d/.test(word) || ASPECT_WORDS.has(word)) return null;
  if (GENERIC_WORDS.has(word)) return one(CANCER_NOUNS[word] ?? word, 'generic');
  if (DISEASE_WORDS.has(word) || DRUG_WORDS.has(word)) return one(word, 'entity');
  if (TEST_PROCEDURE_WORDS.has(word)) return one(word, 'procedure');
  if (SYMPTOM_WORDS.has(word)) return one(word, 'symptom');
  if (ANATOMY_WORDS.has(word)) return one(word, 'anatomy');
  if (!isCommonWord(word) && isMedicallyShaped(word)) return one(word, 'entity');
  if (!shouted && /^[a-z]{7,}$/.test(word) && !isCommonWord(word) && !MEDICAL_ADJECTIVES.has(word)) return one(word, 'unknown');
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The chosen cancer type, ranking, the aspect

/** The app's cancer types as searched, with their MeSH heading and the words that show a question already names one. */
const CANCER_TYPES: Record<string, { term: string; mesh: string; names: string[] }> = {
  'Bladder Cancer': { term: 'bladder cancer', mesh: 'Urinary Bladder Neoplasms', names: ['bladder'] },
  'Brain Cancer': { term: 'brain cancer', mesh: 'Brain Neoplasms', names: ['brain', 'glioma', 'glioblastoma', 'astrocytoma', 'meningioma'] },
  'Breast Cancer': { term: 'breast cancer', mesh: 'Breast Neoplasms', names: ['breast'] },
  'Cervical Cancer': { term: 'cervical cancer', mesh: 'Uterine Cervical Neoplasms', names: ['cervical', 'cervix'] },
  'Colorectal Cancer': { term: 'colorectal cancer', mesh: 'Colorectal Neoplasms', names: ['colorectal', 'colon', 'rectal', 'bowel'] },
  'Endometrial Cancer': { term: 'endometrial cancer', mesh: 'Endometrial Neoplasms', names: ['endometrial', 'uterine'] },
  'Esophageal Cancer': { term: 'esophageal cancer', mesh: 'Esophageal Neoplasms', names: ['esophageal'] },
  'Head & Neck Cancer': { term: 'head and neck cancer', mesh: 'Head and Neck Neoplasms', names: ['neck', 'throat', 'oral', 'mouth', 'tongue', 'laryngeal'] },
  'Hodgkin Lymphoma': { term: 'hodgkin lymphoma', mesh: 'Hodgkin Disease', names: ['hodgkin'] },
  'Kidney Cancer': { term: 'kidney cancer', mesh: 'Kidney Neoplasms', names: ['kidney', 'renal'] },
  Leukemia: { term: 'leukemia', mesh: 'Leukemia', names: ['leukemia'] },
  'Liver Cancer': { term: 'liver cancer', mesh: 'Liver Neoplasms', names: ['liver', 'hepatocellular'] },
  'Lung Cancer': { term: 'lung cancer', mesh: 'Lung Neoplasms', names: ['lung'] },
  Melanoma: { term: 'melanoma', mesh: 'Melanoma', names: ['melanoma'] },
  'Non-Hodgkin Lymphoma': { term: 'non-hodgkin lymphoma', mesh: 'Lymphoma, Non-Hodgkin', names: ['lymphoma'] },
  'Non-Melanoma Skin Cancer': { term: 'skin cancer', mesh: 'Skin Neoplasms', names: ['skin', 'basal', 'squamous'] },
  'Pancreatic Cancer': { term: 'pancreatic cancer', mesh: 'Pancreatic Neoplasms', names: ['pancreatic'] },
  'Prostate Cancer': { term: 'prostate cancer', mesh: 'Prostatic Neoplasms', names: ['prostate'] },
  'Stomach Cancer': { term: 'stomach cancer', mesh: 'Stomach Neoplasms', names: ['stomach', 'gastric'] },
  'Thyroid Cancer': { term: 'thyroid cancer', mesh: 'Thyroid Neoplasms', names: ['thyroid'] },
  'Uterine Cancer': { term: 'uterine cancer', mesh: 'Uterine Neoplasms', names: ['uterine', 'endometrial'] },
};

/** The chosen cancer type as a concept, unless the question already names that cancer (or a kind of it). */
function cancerTypeConcept(cancerType: string | null, found: readonly Concept[]): Found | null {
  const type = CANCER_TYPES[displayCancerType(cancerType)];
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

/** The aspects, most specific first: the first one the question asks is searched. */
const ASPECTS: ReadonlyArray<{ name: string; term: string; pattern: RegExp; needsTwoDrugs?: boolean }> = [
  { name: 'interaction', term: 'drug interactions', pattern: /\binteract(?:s|ion|ions|ing)?\b|\bcontraindicat/ },
  { name: 'interaction', term: 'drug interactions', pattern: /\btogether\b|\bcombin(?:e|ed|ing|ation)\b|\bat the same time\b|\bmix(?:ed|ing)?\b/, needsTwoDrugs: true },
  { name: 'safety', term: 'safety', pattern: /\bsafe(?:ty|ly)?\b|\bdanger(?:ous)?\b|\bharmful\b|\brisky\b/ },
  { name: 'withdrawal', term: 'withdrawal', pattern: /\bwithdraw(?:al|n)?\b|\btaper(?:ing|ed)?\b|\bcom(?:e|ing) off\b|\bgo(?:ing)? off\b|\bstay in (?:\w+ )?system\b|\bwean(?:ing)?\b/ },
  { name: 'side effects', term: 'side effects', pattern: /\bside[\s-]?effects?\b|\badverse\b|\breactions?\b|\bafter[\s-]?effects?\b/ },
  { name: 'survival', term: 'survival', pattern: /\bsurviv(?:e|al|ing|ors?)\b|\blife expectancy\b|\bhow long\b[^.?!]{0,40}\blive\b|\blive (?:long|longer)\b/ },
  { name: 'prognosis', term: 'prognosis', pattern: /\bprognos[ie]s\b|\boutlook\b|\bchances?\b|\bodds\b|\bget(?:ting)? worse\b|\bdevelop (?:in)?to\b/ },
  { name: 'recurrence', term: 'recurrence', pattern: /\brecur(?:rence|rent|s|red|ring)?\b|\bcom(?:e|es|ing) back\b|\brelapse[ds]?\b/ },
  { name: 'risk', term: 'risk', pattern: /\brisks?\b|\blikely to (?:get|develop|have)\b|\bsusceptib/ },
  { name: 'genetics', term: 'hereditary', pattern: /\bgenetic(?:s|ally)?\b|\bheredit(?:ary|y)\b|\binherit(?:ed|ance)?\b|\brun(?:s)? in (?:the |my |our )?famil/ },
  { name: 'cause', term: 'etiology', pattern: /\bcaus(?:e|es|ed|ing)\b|\bwhy\b|\bdue to\b|\breason for\b|\btrigger(?:s|ed)?\b/ },
  { name: 'screening', term: 'screening', pattern: /\bscreen(?:ing|ed|s)?\b|\bcheck[\s-]?ups?\b|\bearly detection\b/ },
  { name: 'diagnosis', term: 'diagnosis', pattern: /\bdiagnos(?:e|is|ing|tic)\b|\bdetect(?:ed|ion)?\b|\btest(?:ed|ing)? for\b/ },
  { name: 'dosage', term: 'dosage', pattern: /\bdos(?:e|es|age|ing)\b|\bhow much\b|\bhow often\b|\b(?:once|twice) a day\b/ },
  { name: 'effectiveness', term: 'effectiveness', pattern: /\beffective(?:ness)?\b|\befficacy\b|\bhow helpful\b|\b(?:does|will|would) (?:it|this|that) work\b|\bbenefits?\b/ },
  { name: 'prevention', term: 'prevention', pattern: /\bprevent(?:ion|ing|ed|s)?\b|\bprotect\b/ },
  { name: 'symptoms', term: 'symptoms', pattern: /\bsymptoms?\b|\bsigns\b/ },
  { name: 'treatment', term: 'treatment', pattern: /\btreat(?:ment|ments|ed|ing|able)?\b|\bcur(?:e|ed|es|able)\b|\btherap(?:y|ies)\b|\boptions\b|\bmanage(?:ment)?\b|\bremed(?:y|ies)\b/ },
];

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

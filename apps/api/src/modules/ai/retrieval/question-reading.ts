import { CHEMICAL_PREFIX, isCommonWord, isMedicallyShaped, scrubPersonal } from './personal-data';
import { correctSpelling } from './spelling';
import {
  ACRONYMS,
  ANATOMY_WORDS,
  BRAND_TO_GENERIC,
  CANCER_MODIFIERS,
  CANCER_NOUNS,
  DISEASE_WORDS,
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

// Reading the question: its sentences, its subject line, and the medical concepts in them, for the rule builder
// (fallback-query.ts) and the similar-questions ranking.

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

/** `unknown`: a word neither English nor in the vocabulary, most often a rare disease or drug ("trimethylaminuria"). */
export type Kind = MedicalTermKind;

export interface Found {
  /** As searched, lower case (an acronym in capitals). */
  term: string;
  kind: Kind;
  /** Searched beside the term (OR): the acronym of an expanded term, a lay wording the literature uses too. */
  alternatives: string[];
  /** A MeSH heading PubMed searches beside the term. */
  mesh?: string;
}

/** The sentences of a text, and whether each asks. */
export function sentences(text: string): Array<{ text: string; question: boolean }> {
  return text
    .split(/(?<=[.?!])\s+|\n+|(?<=\?)(?=\S)/)
    .filter((t) => t.trim())
    .map((t) => ({ text: t, question: /\?\s*$/.test(t) }));
}

/**
 * A short subject line without a medical word the vocabulary knows ("pseudogout", "residual cancer"): the words the
 * person chose as the topic, searched as a phrase (common words at either end dropped).
 */
export function subjectAsPhrase(subject: string): Found | null {
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
export function readConcepts(text: string): Found[] {
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

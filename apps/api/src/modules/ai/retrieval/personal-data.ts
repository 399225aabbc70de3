import { QUESTION_MAX_LENGTH } from '@cqa/contracts';
import {
  ACRONYMS,
  ANATOMY_WORDS,
  BRAND_TO_GENERIC,
  COMMON_WORDS,
  DISEASE_WORDS,
  DRUG_WORDS,
  FIRST_NAMES,
  GENERIC_WORDS,
  LAY_TERMS,
  MEDICAL_ACRONYMS,
  MEDICAL_ADJECTIVES,
  MEDICAL_EPONYMS,
  MEDICAL_MORPHEMES,
  MEDICAL_SUFFIXES,
  NON_MEDICAL_ACRONYMS,
  PERSONAL_RELATIVES,
  PLACE_PHRASES,
  PLACES,
  RELATIVE_WORDS,
  SYMPTOM_WORDS,
  TEST_PROCEDURE_WORDS,
} from './vocabulary';
import { correctSpelling } from './spelling';

/**
 * The one scrubber every outbound literature query goes through (AI answers, their planner, deep research): nothing
 * of the asker (names, places, contact details, dates, ages over 89, relatives' descriptions, URLs, id numbers) may
 * reach NCBI, EBI or ClinicalTrials.gov. Two halves:
 *
 * - `personalContent` finds what is clearly personal: e-mail addresses, URLs, phone and id numbers, dates, ages over
 *   89 (HIPAA), a relative's description ("my husband", "her mom", "my 8 year old daughter"), a name in its context
 *   (a title, "my name is", a greeting, a signature), a common first name, a place of the built-in list or after
 *   "from" / "live in". It is the gate: a query it finds anything in is not sent. It must not refuse a librarian's
 *   query, so a capitalised MeSH heading or drug name is never personal to it.
 * - `scrubPersonal` removes all of that and more: any capitalised word it does not know as English, medical (the
 *   vocabulary, medical word shapes such as -itis, -oma, -mab, eponyms such as Hodgkin or Gleason, brand names) or an
 *   acronym is taken for a name or a place; so are the words of a message written in capitals. It errs towards removing
 *   (an unknown brand name is lost), never towards sending.
 *
 * Linear time: the input is cut at QUESTION_MAX_LENGTH characters and every pattern has bounded repetition.
 */
export type PersonalKind = 'name' | 'place' | 'email' | 'phone' | 'date' | 'age' | 'relative' | 'url' | 'id';

const KINDS: readonly PersonalKind[] = ['name', 'place', 'email', 'phone', 'date', 'age', 'relative', 'url', 'id'];

/** Longer input is cut here (a question is at most this long). */
export const MAX_SCRUB_LENGTH = QUESTION_MAX_LENGTH;

interface Span {
  start: number;
  end: number;
  kind: PersonalKind;
}

// ---------------------------------------------------------------------------------------------------------------
// Words: known or not

const LAY_WORDS = new Set(LAY_TERMS.flatMap(([from, to]) => [...from.split(' '), ...to.split(' ')]).filter((w) => !COMMON_WORDS.has(w)));
const ACRONYM_EXPANSION_WORDS = new Set(Object.values(ACRONYMS).flatMap((t) => t.split(/[\s-]+/)).filter((w) => !COMMON_WORDS.has(w)));
const MEDICAL_SETS = [DISEASE_WORDS, DRUG_WORDS, TEST_PROCEDURE_WORDS, SYMPTOM_WORDS, ANATOMY_WORDS, GENERIC_WORDS];

/** A word of the medical vocabulary, a medical eponym, a drug brand, a lay or misspelt medical term, or shaped like one. */
export function isMedicalWord(word: string): boolean {
  const w = normalise(word);
  if (!w) return false;
  if (MEDICAL_SETS.some((s) => s.has(w)) || MEDICAL_ADJECTIVES.has(w) || MEDICAL_EPONYMS.has(w) || Object.hasOwn(BRAND_TO_GENERIC, w) || LAY_WORDS.has(w) || ACRONYM_EXPANSION_WORDS.has(w)) return true;
  const singular = w.endsWith('s') ? w.slice(0, -1) : w;
  if (singular !== w && MEDICAL_SETS.some((s) => s.has(singular))) return true;
  return isMedicallyShaped(w);
}

/** Drug, disease and procedure word shapes (-itis, -oma, -mab, -ectomy …) and medical word parts (carcin-, lymph- …). */
export function isMedicallyShaped(word: string): boolean {
  const w = normalise(word);
  if (w.length >= 7 && !COMMON_WORDS.has(w) && MEDICAL_SUFFIXES.some((s) => w.endsWith(s))) return true;
  return w.length >= 8 && !COMMON_WORDS.has(w) && MEDICAL_MORPHEMES.some((m) => w.includes(m));
}

/** Common English, in any inflection the list does not carry (-s, -es, -ed, -ing, -ly). */
export function isCommonWord(word: string): boolean {
  const w = normalise(word);
  if (COMMON_WORDS.has(w)) return true;
  for (const suffix of ['s', 'es', 'ed', 'd', 'ing', 'ly', 'er', 'est']) {
    if (w.length > suffix.length + 2 && w.endsWith(suffix)) {
      const stem = w.slice(0, -suffix.length);
      if (COMMON_WORDS.has(stem) || COMMON_WORDS.has(`${stem}e`)) return true;
    }
  }
  return false;
}

/** Lower case without a possessive ending ("Hodgkin's" → "hodgkin"). */
function normalise(word: string): string {
  return word.toLowerCase().replace(/[’']s?$/, '').replace(/^[’']|[’']$/g, '');
}

/** "L-leucine", "D-limonene", "N-acetylcysteine", "beta-carotene": a chemical name. */
export const CHEMICAL_PREFIX = /^(?:[LDN]|alpha|beta|gamma|delta|omega|trans|cis)-[a-z]{3,}/i;

const isKnown = (word: string): boolean => {
  if (MEDICAL_ACRONYMS.has(word.toUpperCase()) || CHEMICAL_PREFIX.test(word)) return true;
  if (word.includes('-')) return word.split('-').every((part) => part.length <= 1 || /^\d+$/.test(part) || isKnown(part));
  // A misspelt medical word one edit away ("Giloma") is kept, to be read as what it stands for.
  return isCommonWord(word) || isMedicalWord(word) || correctSpelling(word, 1) !== null;
};

const isCapitalised = (word: string) => /^[A-Z][a-z’'-]/.test(word);
const isAllCaps = (word: string) => /^[A-Z0-9][A-Z0-9-]+$/.test(word) && /[A-Z]/.test(word);
const isFirstName = (word: string) => FIRST_NAMES.has(normalise(word)) && !isMedicalWord(word);
const PLACE_SET = new Set(PLACES.map((p) => p.toLowerCase()));
const isPlace = (word: string) => PLACE_SET.has(normalise(word));

// ---------------------------------------------------------------------------------------------------------------
// Patterns (every repetition bounded)

const MONTH_UNAMBIGUOUS = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|apr(?:il)?|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const MONTH = String.raw`(?:${MONTH_UNAMBIGUOUS}|mar(?:ch)?|may)`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?`;

const EMAIL = /[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,5}/g;
const URL = /\b(?:https?:\/\/|www\.)[^\s<>"]{1,300}/gi;
const DOMAIN = /\b[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,4}\.(?:com|org|net|gov|edu|io|uk|ca|au|de|fr|info|biz)\b(?:\/[^\s<>"]{0,300})?/gi;
const PHONE = /(?<![\w+])(?:\+\d{1,3}[\s.-]{0,2})?(?:\(\d{2,4}\)|\d{2,4})[\s.-]{0,2}\d{3,4}[\s.-]{0,2}\d{3,4}(?![\w])|(?<![\w.-])\d{3}[\s.-]\d{4}(?![\w.-])/g;
const ID_NUMBER = /(?<![\w.,])\d{6,}(?![\w.,])|\b\d{3}-\d{2}-\d{4}\b|\b\d{4,5}-\d{3,4}-\d{1,2}\b/g;
const ID_LABELLED = /\b(?:mrn|medical record(?: number)?|record number|patient id|member id|policy(?: number)?|ssn|social security(?: number)?|account(?: number)?|ndc|zip(?: code)?|postcode|post code)\s{0,3}(?:#|no\.?|number|:)?\s{0,3}[A-Za-z0-9-]{3,20}/gi;
const ID_MIXED = /\b(?=[A-Za-z]{0,10}\d)(?=\d{0,10}[A-Za-z])[A-Za-z0-9]{7,20}\b/g;
const DATES = [
  /\b\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})\b/g,
  /\b\d{4}[/.-]\d{1,2}[/.-]\d{1,2}\b/g,
  new RegExp(String.raw`\b${MONTH_UNAMBIGUOUS}\.?\s{1,3}${DAY}\b(?:,?\s{0,3}\d{4}\b)?`, 'gi'),
  new RegExp(String.raw`\b(?:Mar(?:ch)?|MAR(?:CH)?|May|MAY)\.?\s{1,3}${DAY}\b(?:,?\s{0,3}\d{4}\b)?`, 'g'),
  new RegExp(String.raw`\b${DAY}\s{1,3}(?:of\s{1,3})?${MONTH_UNAMBIGUOUS}\b\.?(?:,?\s{0,3}\d{4}\b)?`, 'gi'),
  new RegExp(String.raw`\b${DAY}\s{1,3}(?:of\s{1,3})?(?:March|MARCH|May|MAY)\b(?:,?\s{0,3}\d{4}\b)?`, 'g'),
  new RegExp(String.raw`\b${MONTH}\.?\s{1,3}(?:of\s{1,3})?(?:19|20)\d{2}\b`, 'gi'),
  new RegExp(String.raw`\b(?:in|on|since|last|this|next|early|late|mid|until|till|by|from|before|after|of|during)\s{1,3}${MONTH_UNAMBIGUOUS}\b`, 'gi'),
  /\b(?:[Ii]n|[Oo]n|[Ss]ince|[Ll]ast|[Tt]his|[Nn]ext|[Ee]arly|[Ll]ate|[Mm]id|[Uu]ntil|[Bb]y|[Ff]rom|[Bb]efore|[Aa]fter|[Oo]f|[Dd]uring)\s{1,3}(?:March|May)\b/g,
  /\b(?:date of birth|dob|d\.o\.b\.?|born on)\s{0,3}[:-]?\s{0,3}[A-Za-z0-9,./ -]{4,20}/gi,
];
const AGE = [
  /\b(?:9\d|1[01]\d)\s{0,2}(?:-\s{0,2})?(?:years?|yrs?|y\.?\s?o\b\.?|yo\b)(?:[\s-]{0,3}old)?/gi,
  /\b(?:aged?|age of|at the age of|turned|turning)\s{1,3}(?:9\d|1[01]\d)\b(?!\s{0,2}(?:%|percent|mg|kg|lbs?|pounds|cm|mm))/gi,
  /\b(?:in (?:his|her|their|my) )?(?:nineties|90s|90's|100s)\b/gi,
];

const relativeAlternation = [...RELATIVE_WORDS].sort((a, b) => b.length - a.length).map((w) => w.replace(/-/g, '[\\s-]')).join('|');
const RELATIVE_MODIFIER = String.raw`(?:\d{1,3}[\s-]{0,3}(?:years?|yrs?|months?|weeks?|yo|y\/o)?[\s-]{0,3}(?:old)?|little|older|younger|elder|eldest|oldest|youngest|late|dear|best|beloved|adult|teenage|teen|grown|only|two|three|step|great|ex|poor|sweet|lovely|wonderful|beautiful|newborn|infant|toddler|elderly|aging|ageing|old|young|own|other|whole)`;
const RELATIVE_WORD = String.raw`(?:${relativeAlternation})(?:[\s-]in[\s-]laws?)?`;
const RELATIVE_PHRASE = new RegExp(
  String.raw`\b(?:my|his|her|our|their|your|a|the)(?:\s{1,3}${RELATIVE_MODIFIER}){0,3}\s{1,3}${RELATIVE_WORD}(?:(?:['’]s|s['’])?\s{1,3}${RELATIVE_WORD}){0,2}(?:['’]s|s['’])?(?![\w-])`,
  'gi',
);
const POSSESSIVE_RELATIVE = new RegExp(String.raw`^(?:my|his|her|our|their|your)\b`, 'i');

const WORD = String.raw`[A-Za-z][A-Za-z’'-]{0,30}`;
const TITLE_NAME = new RegExp(String.raw`\b(?:dr|doctor|mr|mrs|ms|miss|mx|prof|professor|rev|nurse)\.?\s{1,3}(${WORD})(?:\s{1,3}(${WORD}))?`, 'gi');
const INTRO_NAME = new RegExp(String.raw`\b(?:my name is|my name's|my names|name is|name:|i am called|i'm called|call me|named|called|signed)\s{1,3}(${WORD})(?:\s{1,3}(${WORD}))?(?:\s{1,3}(${WORD}))?`, 'gi');
const I_AM_NAME = new RegExp(String.raw`\b(?:i'm|i’m|im|i am|this is|it's|it is)\s{1,3}([A-Z][a-z’'-]{1,30})(?:\s{1,3}([A-Z][a-z’'-]{1,30}))?`, 'g');
const GREETING_NAME = new RegExp(String.raw`\b(?:hi|hello|hey|dear|greetings|good (?:morning|afternoon|evening))[\s,]{1,3}([A-Z][a-z’'-]{1,30})(?:\s{1,3}([A-Z][a-z’'-]{1,30}))?`, 'gi');
const SIGNATURE = new RegExp(
  String.raw`\b(?:thanks|thank you|thankyou|regards|sincerely|cheers|best wishes|best|yours truly|yours|love|god bless(?: you)?|warmly|respectfully|from)[\s,.!-]{1,6}(${WORD})(?:\s{1,3}(${WORD}))?(?:\s{1,3}(${WORD}))?[\s.!]{0,4}$`,
  'i',
);
const PLACE_CONTEXT = new RegExp(String.raw`\b(?:from|live in|lives in|living in|lived in|located in|based in|near|moved to|moving to|resident of|here in)\s{1,3}([A-Z][a-z’'-]{1,30})(?:,?\s{1,3}([A-Z][a-z’'-]{1,30}))?`, 'g');
const PLACE_PHRASE = new RegExp(String.raw`\b(?:${PLACE_PHRASES.map((p) => p.replace(/\./g, '\\.').replace(/ /g, '\\s{1,3}')).join('|')})\b`, 'g');
const PLACE_PHRASE_ANY_CASE = new RegExp(PLACE_PHRASE.source, 'gi');
const TOKEN = /[A-Za-z][A-Za-z0-9’'-]{0,40}[A-Za-z0-9]|[A-Za-z]/g;

function* matches(re: RegExp, text: string): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) re.lastIndex += 1;
    yield m;
  }
}

/** Spans of a match's capture groups that are unknown words (stopping at the first known one). */
function unknownGroups(m: RegExpExecArray, kind: PersonalKind, test: (word: string) => boolean): Span[] {
  const spans: Span[] = [];
  let from = m.index;
  for (let g = 1; g < m.length; g += 1) {
    const word = m[g];
    if (!word) break;
    const at = m[0].indexOf(word, from - m.index) + m.index;
    if (!test(word)) break;
    spans.push({ start: at, end: at + word.length, kind });
    from = at + word.length;
  }
  return spans;
}

/** Whether the text is written (almost) all in capitals: then case tells nothing, and unknown words are names. */
function isShouted(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '');
  return letters.length >= 12 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.7;
}

/** What is clearly personal: the gate's findings (the scrubber removes these and more). */
function clearSpans(text: string): Span[] {
  const spans: Span[] = [];
  const add = (re: RegExp, kind: PersonalKind) => {
    for (const m of matches(re, text)) spans.push({ start: m.index, end: m.index + m[0].length, kind });
  };
  add(EMAIL, 'email');
  add(URL, 'url');
  add(DOMAIN, 'url');
  add(PHONE, 'phone');
  add(ID_NUMBER, 'id');
  add(ID_LABELLED, 'id');
  for (const m of matches(ID_MIXED, text)) {
    if (!MEDICAL_ACRONYMS.has(m[0].toUpperCase())) spans.push({ start: m.index, end: m.index + m[0].length, kind: 'id' });
  }
  for (const re of DATES) add(re, 'date');
  for (const re of AGE) add(re, 'age');
  for (const m of matches(RELATIVE_PHRASE, text)) {
    // "a friend" / "the children" are a population, not a description of someone: only a possessive one, or a relative
    // who is never a medical word on his own, is personal.
    const bare = m[0].replace(/^(?:a|the)\s+/i, '');
    if (POSSESSIVE_RELATIVE.test(m[0]) || bare.split(/[\s'’-]+/).some((w) => PERSONAL_RELATIVES.has(w.toLowerCase()))) {
      spans.push({ start: m.index, end: m.index + m[0].length, kind: 'relative' });
    }
  }
  for (const m of matches(TOKEN, text)) {
    if (PERSONAL_RELATIVES.has(m[0].toLowerCase())) spans.push({ start: m.index, end: m.index + m[0].length, kind: 'relative' });
  }
  const unknown = (word: string) => !isKnown(word) || isFirstName(word);
  for (const m of matches(TITLE_NAME, text)) {
    const named = unknownGroups(m, 'name', unknown);
    if (named.length) spans.push({ start: m.index, end: named[named.length - 1].end, kind: 'name' });
  }
  for (const m of matches(INTRO_NAME, text)) spans.push(...unknownGroups(m, 'name', unknown));
  for (const m of matches(I_AM_NAME, text)) spans.push(...unknownGroups(m, 'name', (w) => (!isKnown(w) && !isAllCaps(w)) || isFirstName(w)));
  for (const m of matches(GREETING_NAME, text)) spans.push(...unknownGroups(m, 'name', (w) => isCapitalised(w) && unknown(w)));
  const signature = SIGNATURE.exec(text);
  if (signature) spans.push(...unknownGroups(signature, 'name', unknown));
  for (const m of matches(PLACE_CONTEXT, text)) spans.push(...unknownGroups(m, 'place', (w) => !isKnown(w) || isPlace(w)));
  const lowerCaseText = !/[A-Z]/.test(text);
  const shouted = isShouted(text);
  add(lowerCaseText || shouted ? PLACE_PHRASE_ANY_CASE : PLACE_PHRASE, 'place');
  for (const m of matches(TOKEN, text)) {
    const word = m[0];
    // A capitalised first name or place; in text without capitals (a query, a lower-case message) any that is not
    // also an English or medical word.
    const asWritten = isCapitalised(word) || (shouted && isAllCaps(word)) || (lowerCaseText && !isKnown(word));
    if (!asWritten && !(isAllCaps(word) && word.length > 2)) continue;
    if (FIRST_NAMES.has(word.toLowerCase()) && !isMedicalWord(word)) spans.push({ start: m.index, end: m.index + word.length, kind: 'name' });
    else if (isPlace(word) && (isCapitalised(word) || lowerCaseText || shouted)) spans.push({ start: m.index, end: m.index + word.length, kind: 'place' });
  }
  // The last line when it is one to three unknown capitalised words: a signature.
  const lastLine = /\n[ \t]*([A-Z][a-z’'-]{1,30}(?:[ \t]{1,3}[A-Z][a-z’'-]{1,30}){0,2})[ \t.]*$/.exec(text);
  if (lastLine && lastLine[1].split(/[ \t]+/).every((w) => !isKnown(w))) {
    const at = lastLine.index + lastLine[0].indexOf(lastLine[1]);
    spans.push({ start: at, end: at + lastLine[1].length, kind: 'name' });
  }
  return spans;
}

/** Words inside double quotes or directly before a field tag (a query's MeSH heading): never guessed to be names. */
function protectedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let open = -1;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] !== '"') continue;
    if (open < 0) open = i;
    else {
      ranges.push([open, i]);
      open = -1;
    }
  }
  for (const m of matches(/[A-Za-z][A-Za-z’'-]{0,40}(?=\s{0,2}\[)|\[[^\]]{0,40}\]/g, text)) ranges.push([m.index, m.index + m[0].length]);
  return ranges;
}

/** Capitalised words the scrubber does not know (and every unknown word of a shouted message): names or places. */
function guessedSpans(text: string): Span[] {
  const spans: Span[] = [];
  const shouted = isShouted(text);
  const ranges = protectedRanges(text).sort((a, b) => a[0] - b[0]);
  let r = 0;
  const tokens = [...matches(TOKEN, text)];
  for (let i = 0; i < tokens.length; i += 1) {
    const m = tokens[i];
    const word = m[0];
    while (r < ranges.length && ranges[r][1] < m.index) r += 1;
    if (r < ranges.length && ranges[r][0] <= m.index && m.index <= ranges[r][1]) continue;
    if (/^(?:AND|OR|NOT)$/.test(word)) continue;
    const allCaps = isAllCaps(word);
    // A short all-capital word in ordinary text is an acronym (GIST, CML, HER2); in a shouted message it is a word.
    if (allCaps && !shouted && (word.length <= 5 || MEDICAL_ACRONYMS.has(word))) continue;
    if (!isCapitalised(word) && !allCaps) continue;
    if (isKnown(word) || NON_MEDICAL_ACRONYMS.has(word)) continue;
    if (isEponymBefore(tokens, i, text) || isAdjectiveBefore(tokens, i, text)) continue;
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    const kind: PersonalKind = isPlace(word) || /\b(?:from|in|near|to|of)\s{1,3}$/i.test(before) ? 'place' : 'name';
    spans.push({ start: m.index, end: m.index + word.length, kind });
  }
  return spans;
}

const EPONYM_NOUNS = /^(?:syndrome|syndromes|disease|diseases|disorder|sign|test|score|scale|tumou?rs?|lymphoma|sarcoma|procedure|operation|classification|criteria|staging|stage|cells?|virus|bacteria|palsy|ulcer|nodes?)$/i;

/** "Sheehan's syndrome", "Gorlin Goltz syndrome", "Pott's puffy tumor": a capitalised word a medical noun follows. */
function isEponymBefore(tokens: RegExpExecArray[], i: number, text: string): boolean {
  for (let j = i + 1; j <= Math.min(i + 3, tokens.length - 1); j += 1) {
    const between = text.slice(tokens[j - 1].index + tokens[j - 1][0].length, tokens[j].index);
    if (!/^[\s'’s-]{0,4}$/.test(between)) return false;
    if (EPONYM_NOUNS.test(tokens[j][0])) return true;
    if (!isCapitalised(tokens[j][0]) && j > i + 1) return false;
  }
  return false;
}

/** "Pyloric Stenosis", "Plantar Fibromatosis": a capitalised word (not a possessive, not a first name) before a disease. */
function isAdjectiveBefore(tokens: RegExpExecArray[], i: number, text: string): boolean {
  const word = tokens[i][0];
  const next = tokens[i + 1];
  if (!next || /['’]s$/.test(word) || isFirstName(word) || isPlace(word)) return false;
  if (!/^ {1,2}$/.test(text.slice(tokens[i].index + word.length, next.index))) return false;
  const w = next[0].toLowerCase();
  return (DISEASE_WORDS.has(w) && !GENERIC_WORDS.has(w)) || (!COMMON_WORDS.has(w) && /(?:itis|osis|oma|omas|emia|pathy|plasia|trophy)$/.test(w));
}

/** Bare relatives in the text: the asker's story ("mother" is searched only as "mother-to-child" or "mother cells"). */
function bareRelativeSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const m of matches(/\b(?:mother|mothers|father|fathers|daughter|daughters|sister|sisters|mom|mum|dad|son|brother|brothers)\b(?![\s-]{1,2}(?:to|cells?|chromatids?|in-law))/gi, text)) {
    spans.push({ start: m.index, end: m.index + m[0].length, kind: 'relative' });
  }
  return spans;
}

function kindsOf(spans: readonly Span[]): PersonalKind[] {
  const found = new Set(spans.map((s) => s.kind));
  return KINDS.filter((k) => found.has(k));
}

function removeSpans(text: string, spans: readonly Span[]): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const s of sorted) {
    if (s.end <= at) continue;
    out += text.slice(at, Math.max(at, s.start)) + ' ';
    at = s.end;
  }
  out += text.slice(at);
  return out
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+([,.;:!?)])/g, '$1')
    .replace(/\(\s*\)/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

/** What still looks personal in a query about to be sent (empty when clean). */
export function personalContent(text: string): PersonalKind[] {
  return kindsOf(clearSpans(text.slice(0, MAX_SCRUB_LENGTH)));
}

/**
 * Removes names, places, e-mail addresses, phone numbers, dates, ages over 89, relatives' descriptions ("my husband",
 * "her mom", "my 8 year old daughter"), URLs and id-like numbers from query text; keeps medical words.
 */
export function scrubPersonal(text: string): { text: string; removed: PersonalKind[] } {
  let current = text.slice(0, MAX_SCRUB_LENGTH);
  const removed: Span[] = [];
  // A second pass catches what removing the first made visible ("my [name's] husband"); the gate finds nothing after.
  for (let pass = 0; pass < 3; pass += 1) {
    const spans = [...clearSpans(current), ...guessedSpans(current), ...bareRelativeSpans(current)];
    if (spans.length === 0) break;
    removed.push(...spans);
    current = removeSpans(current, spans);
  }
  return { text: current, removed: kindsOf(removed) };
}

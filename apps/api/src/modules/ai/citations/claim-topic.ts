/**
 * The topical check: the medical concepts a claim names (a drug, a disease, a gene or other named agent, an organism)
 * must be named by its quotes or by the record they come from. Synonyms count (a small table, no network), and so do
 * the record's own abbreviations ('hydroxychloroquine (HCQ)') and other forms of a word ('febrile' for 'fever').
 */

/** Groups of words that name one thing. Each entry is a regular expression source, matched on word boundaries. */
const SYNONYMS: readonly (readonly string[])[] = [
  ['covid(?:-?19)?', 'sars-?cov-?2', 'coronavirus(?:es)?', '2019-?ncov', 'ncov', 'cov-?19', 'severe acute respiratory syndrome coronavirus 2'],
  ['sars', 'sars-?cov', 'severe acute respiratory syndrome'],
  ['mers', 'mers-?cov', 'middle east respiratory syndrome'],
  ['flu', 'influenza'],
  ['fevers?', 'febrile', 'pyrexia'],
  ['fatigue', 'tired(?:ness)?', 'exhaustion'],
  ['nausea', 'vomiting', 'emesis', 'antiemetic'],
  ['deaths?', 'died', 'die', 'dying', 'mortality', 'fatal(?:ity|ities)?', 'survival', 'survive'],
  ['cancers?', 'tumou?rs?', 'carcinomas?', 'neoplasms?', 'malignan(?:t|cy|cies)', 'oncolog\\w*', 'adenocarcinomas?'],
  ['heart', 'cardiac', 'cardiovascular', 'coronary', 'myocardial', 'cardio\\w*'],
  ['heart attacks?', 'myocardial infarction', 'mi'],
  ['kidneys?', 'renal', 'nephr\\w*'],
  ['liver', 'hepatic', 'hepato\\w*'],
  ['lungs?', 'pulmonary', 'respiratory', 'airways?'],
  ['brain', 'cerebral', 'neural', 'neuro\\w*'],
  ['stomach', 'gastric'],
  ['bowel', 'colorectal', 'colon', 'intestin\\w*', 'gut'],
  ['breast', 'mammary'],
  ['high blood pressure', 'hypertension', 'hypertensive'],
  ['diabetes', 'diabetic', 't2d', 't1d', 'glycaemic', 'glycemic', 'hyperglycaemia', 'hyperglycemia'],
  ['obesity', 'obese', 'overweight', 'bmi', 'body mass index', 'adiposity'],
  ['dementia', 'alzheimer\\w*', 'cognitive decline'],
  ['strokes?', 'cerebrovascular'],
  ['paracetamol', 'acetaminophen', 'tylenol'],
  ['ibuprofen', 'advil', 'nurofen'],
  ['hydroxychloroquine', 'hcq'],
  ['chloroquine', 'cq'],
  ['erythromycin', 'macrolides?'],
  ['azithromycin', 'macrolides?'],
  ['nsaids?', 'non-?steroidal anti-?inflammatory drugs?', 'ibuprofen', 'aspirin', 'naproxen'],
  ['vitamin d', '25\\(oh\\)d', 'cholecalciferol', 'calcitriol', 'calcidiol', '25-hydroxyvitamin d'],
  ['antibod(?:y|ies)', 'igg', 'igm', 'iga', 'seroconver\\w*', 'serolog\\w*', 'seropositiv\\w*', 'seroprevalence', 'humoral', 'immunoglobulins?', 'neutrali[sz]\\w*'],
  ['vaccines?', 'vaccinat\\w*', 'immuni[sz]ation', 'immunogen\\w*'],
  ['masks?', 'face coverings?', 'respirators?', 'n95'],
  ['icu', 'intensive care', 'critical care'],
  ['ventilators?', 'ventilation', 'ventilated', 'intubat\\w*'],
  ['hospitals?', 'hospitali[sz]\\w*', 'admissions?', 'admitted', 'inpatients?'],
  ['tests?', 'testing', 'assays?', 'diagnos\\w*', 'detect\\w*'],
  ['pregnan\\w*', 'gestation\\w*', 'maternal', 'prenatal', 'antenatal', 'perinatal'],
  ['babies', 'baby', 'newborns?', 'neonat\\w*', 'infants?', 'fetus(?:es)?', 'foetus(?:es)?', 'fetal', 'foetal', 'intrauterine'],
  ['children', 'child', 'kids?', 'paediatric', 'pediatric', 'adolescents?', 'teenagers?'],
  ['elderly', 'older', 'aged', 'old'],
  ['mice', 'mouse', 'murine', 'rodents?'],
  ['rats?', 'rodents?'],
  ['monkeys?', 'macaques?', 'primates?'],
  ['interleukin-?6', 'il-?6'],
  ['interleukin-?18', 'il-?18'],
  ['tumou?r necrosis factor', 'tnf\\w*'],
  ['cells?', 'cellular'],
  ['smok\\w*', 'cigarettes?', 'tobacco', 'smokers?'],
  ['alcohol', 'drinking', 'ethanol'],
  ['exercise', 'physical activity', 'training'],
  ['sleep', 'insomnia'],
  ['depression', 'depressive', 'depressed'],
  ['anxiety', 'anxious'],
  ['psychosis', 'psychotic', 'psychiatric'],
  ['asymptomatic', 'undocumented', 'presymptomatic', 'no symptoms'],
  ['sewage', 'wastewater'],
  ['feces', 'faeces', 'fecal', 'faecal', 'stools?'],
  ['saliva', 'oral fluids?', 'salivary'],
];

/** Words that end like a drug's name: -mab, -nib, -vir, -cillin, -mycin, … */
const DRUG = /^[a-z]{3,}(?:mab|nib|vir|cillin|mycin|micin|cycline|olol|pril|sartan|statin|azole|oquine|profen|amol|prazole|parin|platin|taxel|rubicin|lukast|formin|dronate|floxacin|tinib|ciclib|lisib|zumab|ximab|umab|afil|triptan|dipine|semide|thiazide|gliptin|gliflozin|glutide|tidine|setron|pitant|olone|sone|asone|idine|amine|azepam|oxetine|aline|apine|idone|barbital|caine|codone|morphine|fentanyl|steroid)$/i;
/** Words that end like a disease's name, and disease nouns. */
const DISEASE = /^(?:[a-z]{3,}(?:itis|omas?|emias?|aemias?|osis|oses|pathy|pathies|algia|trophy|plasia|penia|cytosis|uria|iasis)|cancers?|diabetes|syndromes?|dementia|alzheimer's|asthma|hypertension|obesity|stroke|sepsis|pneumonia|influenza|malaria|tuberculosis|hiv|aids|hepatitis|leukaemia|leukemia|lupus|eczema|psoriasis|migraine|epilepsy|autism|schizophrenia|psychosis|depression|anxiety|anemia|anaemia|thalassemia|thalassaemia|melanoma|myeloma|lymphoma|sarcoma|glioma|glioblastoma|preeclampsia|pre-eclampsia|infertility|atherosclerosis|fibrosis|cirrhosis)$/i;
/** Organisms a finding may come from. */
const ORGANISM = /^(?:mice|mouse|rats?|cats?|dogs?|ferrets?|pigs?|bats?|pangolins?|monkeys?|macaques?|primates?|hamsters?|rabbits?|zebrafish|drosophila|yeast|bacteria|worms?|chickens?|ducks?|cattle|cows?|sheep|horses?|birds?)$/i;
/** Capitalised words that name no medical concept. */
const NOT_CONCEPTS = /^(?:US|USA|UK|EU|WHO|CDC|FDA|NIH|NHS|DNA|RNA|PCR|RT-PCR|CI|HR|OR|RR|JAMA|BMJ|NEJM|COVID|I|II|III|IV|A|B|C|D|E|T|X|Y|Dr|Mr|Mrs|Ms|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|AM|PM)$/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const GREEK: Record<string, string> = { α: 'alpha', β: 'beta', ß: 'beta', γ: 'gamma', δ: 'delta', κ: 'kappa', λ: 'lambda', μ: 'mu', τ: 'tau', ε: 'epsilon' };
const fold = (s: string) => s.toLowerCase().replace(/[’']/g, "'").replace(/[αβßγδκλμτε]/g, (c) => GREEK[c]);
/** 'IL-6', 'IL6' and 'il 6' compare equal. */
const squash = (s: string) => fold(s).replace(/[\s\-‐–_/]/g, '');

export interface Concept {
  /** As the claim writes it. */
  text: string;
  kind: 'named' | 'drug' | 'disease' | 'organism';
}

/** The concepts a claim names: named agents (gene, protein, virus, acronym), drugs, diseases and organisms. */
export function conceptsOf(claim: string): Concept[] {
  const out = new Map<string, Concept>();
  const tokens = [...claim.matchAll(/[\p{L}\d][\p{L}\d'’()+-]*[\p{L}\d+)]|[\p{L}\d]/gu)];
  tokens.forEach((m, i) => {
    const raw = m[0].replace(/^\(|\)$/g, '').replace(/['’]s$/, '');
    const word = raw.toLowerCase();
    let kind: Concept['kind'] | null = null;
    // A capital after the first letter, or a digit inside letters: HNF4A, APOE4, IL-6, SARS-CoV-2, Ly49Q (not 'COVID').
    if (/^(?=.*\p{L})(?:.+\p{Lu}|.*\p{L}\d|.*\d\p{L})/u.test(raw) && !NOT_CONCEPTS.test(raw) && !/^\d/.test(raw) && raw.length > 1) kind = 'named';
    else if (DRUG.test(word)) kind = 'drug';
    else if (DISEASE.test(word)) kind = 'disease';
    else if (ORGANISM.test(word)) kind = 'organism';
    // A capitalised word inside a sentence that is not a known word of English is a name too; too loose to check.
    if (!kind || (i === 0 && kind === 'named' && /^\p{Lu}\p{Ll}+$/u.test(raw))) return;
    if (kind === 'named' && /[-‐]/.test(raw)) {
      // 'RANK-RANKL', 'NF-kB-dependent', 'HIV-positive': each named part is a concept; '-dependent', '-like' are not.
      const parts = raw.split(/[-‐]/).filter((p) => /^(?=.*\p{L})(?:.+\p{Lu}|.*\p{L}\d|.*\d\p{L}|\p{Lu}{2,})/u.test(p) && !NOT_CONCEPTS.test(p));
      if (parts.length > 1 || (parts.length === 1 && !/^[\p{Lu}\d]+$/u.test(raw.replace(/[-‐]/g, '')))) {
        for (const part of parts) out.set(part.toLowerCase(), { text: part, kind });
        return;
      }
    }
    out.set(word, { text: raw, kind });
  });
  return [...out.values()];
}

/** Abbreviations a text defines: 'hydroxychloroquine (HCQ)' maps 'hydroxychloroquine' to 'hcq', and back. */
function abbreviations(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const add = (a: string, b: string) => map.set(a, [...(map.get(a) ?? []), b]);
  for (const m of text.matchAll(/([\p{L}][\p{L}\d-]*(?:\s+[\p{L}\d-]+){0,5})\s*\(([\p{L}][\p{L}\d-]{1,11})\)/gu)) {
    const abbr = m[2];
    const words = m[1].split(/\s+/);
    // The long form is the shortest run of words before the brackets whose first letter is the abbreviation's.
    for (let k = words.length - 1; k >= 0; k--) {
      if (words[k][0]?.toLowerCase() === abbr[0].toLowerCase()) {
        for (const w of words.slice(k)) {
          add(fold(w), fold(abbr));
          add(fold(abbr), fold(w));
        }
        add(fold(words.slice(k).join(' ')), fold(abbr));
        break;
      }
    }
  }
  return map;
}

const wordRe = (source: string) => new RegExp(`(?<![\\p{L}\\d])(?:${source})(?![\\p{L}\\d])`, 'iu');

/** Is the concept named in `text` (itself, a synonym, another form of the word, or an abbreviation the text defines)? */
export function names(text: string, concept: Concept, abbrs = abbreviations(text)): boolean {
  const word = fold(concept.text);
  const folded = fold(text);
  if (wordRe(escape(word)).test(folded)) return true;
  if (concept.kind === 'named' && squash(text).includes(squash(word))) return true;
  const groups = SYNONYMS.filter((g) => g.some((s) => wordRe(s).test(word)));
  if (groups.some((g) => g.some((s) => wordRe(s).test(folded)))) return true;
  if ((abbrs.get(word) ?? []).some((a) => wordRe(escape(a)).test(folded))) return true;
  // Another form of the word: the same first letters ('febrile'/'fever' is a synonym; 'fibrotic'/'fibrosis' shares 6).
  const stem = word.replace(/(?:ies|es|s|ing|ed|ic|al|osis|itis|y)$/, '');
  return stem.length >= 5 && wordRe(`${escape(stem)}\\w*`).test(folded);
}

/**
 * What the topical check can show: none of the claim's concepts (two or more) is named by its quotes or their records
 * (they are about something else), or the claim's drug, disease or organism is not named while the quotes name another
 * of its kind (ibuprofen evidence for a claim about paracetamol). A concept the sources leave out while naming the
 * claim's others is left to the judge.
 */
export function topicProblem(claim: string, quotes: readonly string[], recordTexts: readonly string[]): string | null {
  const concepts = conceptsOf(claim);
  if (concepts.length === 0) return null;
  // The claim's own abbreviations ('apolipoprotein E4 (APOE4)') count as named when their long form is, and back.
  const context = [...quotes, ...recordTexts].join('\n');
  const abbrs = abbreviations(`${context}\n${claim}`);
  const unnamed = concepts.filter((c) => !names(context, c, abbrs));
  if (unnamed.length >= 2 && unnamed.length === concepts.length) return `neither the quotes nor their source name ${listed(unnamed)}`;
  const quoted = quotes.join('\n');
  for (const missing of unnamed.filter((c) => c.kind !== 'named' && !names(quoted, c, abbrs))) {
    const others = conceptsOf(quoted).filter((c) => c.kind === missing.kind && !concepts.some((d) => names(d.text, c)));
    if (others.length > 0) return `the claim is about "${missing.text}"; the quotes are about ${listed(others)}`;
  }
  return null;
}

const listed = (concepts: readonly Concept[]) => [...new Set(concepts.map((c) => c.text))].map((t) => `"${t}"`).join(', ');

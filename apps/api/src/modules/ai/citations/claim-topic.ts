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
  ['gliomas?', 'glioblastomas?'],
  ['cancers?', 'neoplasia', 'tumou?r\\w*', 'carcinomas?', 'neoplasms?', 'malignan(?:t|cy|cies)', 'oncolog\\w*', 'adenocarcinomas?'],
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
/**
 * A Greek letter spelled out is also written by its Latin initial ('NF-kappaB', 'NF-kB') or left out ('APOE epsilon4',
 * 'APOE4'): the forms of a squashed text a named concept may take.
 */
const GREEK_NAMES = /(alpha|beta|gamma|delta|epsilon|kappa|zeta)(?=[\d\p{Lu}]|\b|[a-z]?\d|[a-z]$)/giu;
const greekForms = (squashed: string) => [squashed, squashed.replace(GREEK_NAMES, (g) => g[0]), squashed.replace(GREEK_NAMES, '')];
/** Does `text` spell out the acronym by its words' initials ('TRAP': 'tartrate-resistant acid phosphatase')? */
function spelledOut(acronym: string, text: string): boolean {
  if (!/^\p{Lu}{3,6}$/u.test(acronym)) return false;
  const initials = text.split(/[\s\-‐–/]+/).map((w) => w.replace(/^[^\p{L}]+/u, '')[0]?.toLowerCase() ?? ' ').join('');
  return initials.includes(acronym.toLowerCase());
}

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
  if (concept.kind === 'named' && greekForms(squash(text)).some((t) => t.includes(squash(word)))) return true;
  if (spelledOut(concept.text.replace(/\W+$/, ''), text)) return true;
  const groups = SYNONYMS.filter((g) => g.some((s) => wordRe(s).test(word)));
  if (groups.some((g) => g.some((s) => wordRe(s).test(folded)))) return true;
  if ((abbrs.get(word) ?? []).some((a) => wordRe(escape(a)).test(folded))) return true;
  // Another form of the word ('mutate'/'mutations', 'regulated'/'regulation'), or the word inside a longer one
  // ('symptoms'/'asymptomatic', 'inflammatory'/'pro-inflammatory').
  const stem = stemWord(word);
  if (stem.length >= 5 && wordRe(`${escape(stem)}\\w*`).test(folded)) return true;
  return stem.length >= 6 && new RegExp(`\\p{L}${escape(stem)}`, 'iu').test(folded);
}

function stemWord(word: string): string {
  let stem = word;
  for (let i = 0; i < 3; i++) {
    const next = stem.replace(/(?:ations?|ities|ity|ively|ives?|ingly|ings?|ments?|ness|ous|ed|es|s|e|ly|al|ic|y)$/, '');
    if (next === stem || next.length < 4) break;
    stem = next;
  }
  return stem;
}

/** The sentence of a record that holds the quote (whitespace forgiven), or the quote itself. */
function sentenceOf(quote: string, recordTexts: readonly string[]): string {
  const flat = (t: string) => t.replace(/\s+/g, ' ');
  const q = flat(quote).trim();
  for (const text of recordTexts.map(flat)) {
    const at = text.indexOf(q);
    if (at < 0) continue;
    const start = Math.max(text.lastIndexOf('. ', at) + 1, 0);
    const next = text.indexOf('. ', at + q.length - 1);
    return text.slice(start, next < 0 ? text.length : next + 1);
  }
  return quote;
}

/** Words too common in a field to show that a quote speaks of the claim's subject. */
const GENERIC = /^(?:the|a|an|of|in|on|at|to|for|with|by|from|and|or|but|nor|is|are|was|were|be|been|being|has|have|had|do|does|did|this|that|these|those|it|its|their|there|they|them|than|then|as|which|who|whom|what|when|where|how|not|no|can|cannot|may|might|could|would|should|will|also|more|less|most|least|very|such|into|over|under|between|among|after|before|during|about|both|each|other|any|all|some|many|much|few|only|just|even|still|yet|so|if|because|while|although|though|per|via|one|two|new|novel|recent|recently|study|studies|studied|research|researchers|scientists|found|find|finds|show|shows|showed|shown|report|reported|reports|according|suggest|suggests|suggested|people|patients?|persons?|individuals|cases?|covid-?19|covid|sars-?cov-?2|coronavirus(?:es)?|virus(?:es)?|disease|pandemic|risk|likely|higher|lower|increase[ds]?|decrease[ds]?|reduce[ds]?|effect|effects|associated|association|significant(?:ly)?|use|used|using|among|time|times|percent|data|result|results|evidence|year|years|day|days|month|months|said|says|say|like|make|makes|made|get|gets|got|well|way|lead|leads|cause|causes|caused)$/i;

/** The words of the claim that say what it is about: not the field's common words. */
const subjectWords = (claim: string) =>
  [...new Set(claim.split(/\s+/).map((w) => w.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '').replace(/['’]s$/, '')).filter((w) => (w.length > 2 || /\p{Lu}.*[\p{Lu}\p{Script=Greek}]|\p{Script=Greek}/u.test(w)) && !GENERIC.test(w) && !/^\d/.test(w)))];

/** A sentence that tells how a study was done or why, not what it found: 'We assessed …', 'METHODS: …'. */
const METHODS =
  /^\s*(?:abstract\s+)?(?:methods?|design|setting|participants|importance|objectives?|background|aims?|purpose|introduction|context|study design|materials and methods)\b[^.:]{0,40}:|\b(?:we|this study|the study|this (?:cohort )?study|this report|this paper|here,? we|in this study,? we)\s+(?:\w+ly\s+)?(?:investigated|assessed|conducted|developed|used|analy[sz]ed|evaluated|examined|studied|performed|enrolled|recruited|included|collected|aimed|sought|describe[ds]?|examines|evaluates|investigates|assesses|compared|measured|screened|tested|modell?ed|reviewed|surveyed|characteri[sz]ed|explored|propose[ds]?|present(?:ed|s)?|reconstructed|built|designed)\b(?!\s+that)|\b(?:were|was)\s+(?:\w+ly\s+)?(?:used|collected|recorded|evaluated|measured|assessed|enrolled|recruited|randomi[sz]ed|included|screened|analy[sz]ed|obtained|calculated|performed|conducted|defined|compared|followed|invited|asked|interviewed)\b|\bprimary (?:outcomes?|end ?points?) (?:was|were)\b|^\s*to (?:determine|assess|evaluate|investigate|examine|characteri[sz]e|estimate|describe|identify|compare|test)\b/i;
/** What makes a sentence a finding even when it also tells the method. */
const FINDING = /\b(?:found|finds?|showed?|shown|shows|demonstrat\w*|reveal\w*|observed|detected|identified|confirm\w*|indicat\w*|suggest\w*|conclud\w*|associated|increased|decreased|reduced|improved|higher|lower|greater|fewer|significant\w*|no (?:difference|effect|evidence|association)|similar|tested positive|positive for)\b|\d\s*%/i;
/** A claim that tells how a study was done ('a trial included 108 participants'), which a methods quote may support. */
const CLAIM_METHOD = /\b(?:included|enrolled|recruited|conducted|was (?:done|carried out|performed)|were (?:enrolled|recruited|included|randomi[sz]ed)|launched|published|designed|studied|examined|surveyed)\b/i;

/**
 * A sentence that tells why a question matters or what is not yet known, not a finding: 'Rapid testing is essential
 * for patient management', 'data on X are limited', 'the role of Y remains unknown', 'we recommend …'.
 */
const BACKGROUND =
  /\b(?:is|are|was|were|remains?) (?:critical|crucial|essential|necessary|needed|important|key|vital|urgently needed|warranted) (?:to|for) (?:understand\w*|identify\w*|determin\w*|limit\w*|prevent\w*|re-?open\w*|assess\w*|ensur\w*|guid\w*|inform\w*|patient management|safely)|\bremains? (?:still )?(?:unknown|unclear|poorly understood)\b|\bis (?:less defined|poorly understood|not well understood)\b|\b(?:data|evidence|information|knowledge)\b[^.]{0,120}\b(?:is|are|remains?) (?:still )?(?:limited|lacking|scarce|sparse)\b|\blittle is known\b|\bshould be (?:adjusted|considered|implemented)\b|\bwe recommend\b/i;
/** A claim that itself says what is needed, recommended or unknown, which a background quote may support. */
const CLAIM_BACKGROUND = /\b(?:necessary|essential|critical|crucial|important|needed|needs?|should|recommend\w*|unknown|unclear|limited|little is known|poorly understood)\b/i;

/**
 * What the topical check can show: a claim (not itself about a method) resting on quotes that only tell
 * how the study was done or why; quotes (read in their sentences) that share no word with the claim but the field's
 * common ones; none of the claim's concepts (two or more) named by its quotes or their records; or the claim's drug or
 * organism not named while the quotes name another of its kind (ibuprofen evidence for a claim about paracetamol). A
 * concept the sources leave out while naming the claim's others is left to the judge.
 */
export function topicProblem(claim: string, quotes: readonly string[], recordTexts: readonly string[]): string | null {
  if (quotes.length > 0 && quotes.every((q) => METHODS.test(q) && !FINDING.test(q)) && !CLAIM_METHOD.test(claim)) {
    return 'the quotes tell how the study was done, not what it found';
  }
  if (quotes.length > 0 && quotes.every((q) => BACKGROUND.test(q) && !FINDING.test(q)) && !CLAIM_BACKGROUND.test(claim)) {
    return 'the quotes tell why the question matters or what is unknown, not what was found';
  }
  const quoted = quotes.join('\n');
  // A quote is read in its sentence: 'reduced fatigue by 20%' is about what that sentence names.
  const sentences = quotes.map((q) => sentenceOf(q, recordTexts)).join('\n');
  const quoteAbbrs = abbreviations([quoted, ...recordTexts].join('\n'));
  const subject = subjectWords(claim);
  if (quotes.length > 0 && subject.length >= 2 && !subject.some((w) => names(sentences, { text: w, kind: 'disease' }, quoteAbbrs))) {
    return `the quotes share no word with the claim (${subject.slice(0, 4).map((w) => `"${w}"`).join(', ')})`;
  }
  const concepts = conceptsOf(claim);
  if (concepts.length === 0) return null;
  // The claim's own abbreviations ('apolipoprotein E4 (APOE4)') count as named when their long form is, and back.
  const context = [...quotes, ...recordTexts].join('\n');
  const abbrs = abbreviations(`${context}\n${claim}`);
  const unnamed = concepts.filter((c) => !names(context, c, abbrs));
  if (unnamed.length >= 2 && unnamed.length === concepts.length) return `neither the quotes nor their source name ${listed(unnamed)}`;
  // A disease is often named at another level (glioma, glioblastoma; neoplasia, cancer): only drugs and organisms.
  for (const missing of unnamed.filter((c) => (c.kind === 'drug' || c.kind === 'organism') && !names(quoted, c, abbrs))) {
    const others = conceptsOf(quoted).filter((c) => c.kind === missing.kind && !concepts.some((d) => names(d.text, c)));
    if (others.length > 0) return `the claim is about "${missing.text}"; the quotes are about ${listed(others)}`;
  }
  return null;
}

const listed = (concepts: readonly Concept[]) => [...new Set(concepts.map((c) => c.text))].map((t) => `"${t}"`).join(', ');

import { displayCancerType, GENERAL_CANCER_TYPE } from '@cqa/contracts';

/** Words that carry no topic; what is left of a question is what the literature is searched for. */
const STOPWORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can
  could did do does doing done during each either else ever every few for from further get gets getting go going had has have having
  he her here hers how however i if in into is it its itself just know like likely many may me might more most much must my no nor
  not now of off often on once only or other our out over own per please really same should so some such than that the their them
  then there these they this those through to too under until up us use used using very was we were what when where whether which
  while who whom why will with would you your yours help helps helpful good bad best better safe okay ok normal anyone anything
  something someone thing things way ways want wondering tell let make makes take takes taking cancer patient patients people person
  doctor doctors recommend recommended possible worth experience experiences any day days week weeks year years`.split(/\s+/),
);

export interface SearchTerms {
  /** For PubMed and Europe PMC. Empty when the question has no topic words. */
  literature: string;
  /** For ClinicalTrials.gov: the cancer type (when one is given) and the topic. */
  trials: string;
}

export const MAX_TERMS = 6;

/**
 * Search terms from a question, by rule (no model call, nothing of the patient): its topic words in order, lower-case,
 * without stop words and duplicates, at most six. Trials are searched with the question's cancer type in front.
 */
export function searchTerms(question: string, cancerType: string | null | undefined): SearchTerms {
  const words = (question.toLowerCase().match(/[a-z0-9][a-z0-9-]*[a-z0-9]|[a-z]/g) ?? [])
    .filter((w) => w.length > 2 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
  const topic = [...new Set(words)].slice(0, MAX_TERMS);
  const type = displayCancerType(cancerType);
  const trials = type === GENERAL_CANCER_TYPE || type === 'Other' ? topic : [...type.toLowerCase().split(/\s+/), ...topic];
  return { literature: topic.join(' '), trials: [...new Set(trials)].join(' ') };
}

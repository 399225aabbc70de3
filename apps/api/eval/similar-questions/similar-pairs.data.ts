/**
 * The labelled set of the similar-questions box: answered questions (the corpus) and typed questions (the queries),
 * each query labelled with the corpus questions that are related to it; every other corpus question is unrelated to
 * it, and `unrelated` names the ones that share words with it (hard negatives, as the example).
 *
 * Related means about the same subject: the same drug, symptom, side effect or condition, or the same cancer when the
 * cancer itself is the subject. A shared word of cancer care alone (chemotherapy, radiotherapy, surgery, treatment)
 * is not related.
 *
 * Sources:
 * - `written`: written for this set (the project's own text).
 * - `meqsum`: the expert-written summary of a consumer health question from MeQSum (Asma Ben Abacha and Dina
 *   Demner-Fushman, "On the Summarization of Consumer Health Questions", ACL 2019; https://github.com/abachaa/MeQSum),
 *   licensed CC BY 4.0, copied verbatim (typos kept); the row is named. The same rows are in
 *   eval/retrieval/consumer-questions.json, whose SOURCES.md gives commit and licence.
 *
 * Split: every third query (positions 3, 6, 9 …) is the held-out `test` split, assigned by position when the set was
 * written, before any measurement; changes to the ranking were made looking at `train` only.
 */
export type SimilarSource = 'written' | 'meqsum';

export interface SimilarCorpusQuestion {
  id: string;
  text: string;
  source: SimilarSource;
  /** The MeQSum row. */
  row?: string;
}

export interface SimilarQuery {
  text: string;
  source: SimilarSource;
  row?: string;
  /** Corpus ids related to this query; empty: the box must not appear. */
  related: string[];
  /** Corpus ids sharing words but not the subject. */
  unrelated?: string[];
}

const w = (id: string, text: string): SimilarCorpusQuestion => ({ id, text, source: 'written' });
const m = (id: string, row: string, text: string): SimilarCorpusQuestion => ({ id, text, source: 'meqsum', row });

export const SIMILAR_CORPUS: SimilarCorpusQuestion[] = [
  w('w-yoga', 'Can yoga help with anxiety during chemotherapy?'),
  w('w-plane', 'Is it safe to travel by plane during radiotherapy?'),
  w('w-fasting', 'Should I try fasting before my chemotherapy sessions?'),
  w('w-ginger', 'Does ginger help with nausea after chemo?'),
  w('w-ondansetron', 'Is Zofran safe to take every day for nausea and vomiting?'),
  w('w-mouth-sores', 'How can I soothe mouth sores during chemotherapy?'),
  w('w-neuropathy', 'Will the tingling and numbness in my feet from oxaliplatin go away?'),
  w('w-hair', 'Can cold caps prevent hair loss from chemo?'),
  w('w-fatigue', 'How do I cope with fatigue during radiation therapy?'),
  w('w-tamoxifen-hot', 'How can I manage hot flashes while on tamoxifen?'),
  w('w-letrozole-joint', 'Is joint pain from letrozole normal?'),
  w('w-lymphedema', 'What exercises help lymphedema in my arm after breast surgery?'),
  w('w-psa-rise', 'My PSA is rising after prostatectomy: what does that mean?'),
  w('w-keytruda-rash', 'Is a skin rash from Keytruda a sign that it is working?'),
  w('w-neutropenia', 'How do I avoid infections with a low white blood cell count?'),
  w('w-constipation', 'What helps constipation from morphine?'),
  w('w-diarrhea', 'How do I manage diarrhea during capecitabine treatment?'),
  w('w-vaccine', 'Can I get the flu vaccine during chemotherapy?'),
  w('w-chemo-brain', 'Is chemo brain permanent?'),
  w('w-lung-new', 'What new treatments are there for lung cancer?'),
  w('w-pancreatic-survival', 'What is the survival rate for stage 4 pancreatic cancer?'),
  w('w-mammogram', 'How often should I have a mammogram after breast cancer?'),
  w('w-weight', 'Why am I gaining weight on hormone therapy?'),
  w('w-sleep', 'What helps insomnia during cancer treatment?'),
  w('w-appetite', 'How can I improve my appetite during chemotherapy?'),
  w('w-melanoma-immuno', 'How long is immunotherapy given for metastatic melanoma?'),
  w('w-cbd', 'Can CBD oil help with cancer pain?'),
  m('m-letrozole-se', '1-121844935', 'What are the side effects of letrozole?'),
  m('m-letrozole-pm', '1-135048025', 'What are the uses and side effects of letrozole in postmenopausal women?'),
  m('m-tamoxifen-last', '1-132189315', 'How long do side effects of Tamoifen last after stopping the drug?'),
  m('m-pancreatic-tx', '17991', 'What are the treatments for stage 3/4 pancreatic cancer?'),
  m('m-pancreatic-adeno', '1-133334182', 'What are the treatments for pancreatic adenocarcinoma?'),
  m('m-lung-genetic', '5288', 'What are the genetic factors for lung cancer?'),
  m('m-lung-new', '16253', 'What new treatments are available for lung cancer?'),
  m('m-melanoma-met', '11665', 'What are the treatments for metastatic malignant melanoma?'),
  m('m-melanoma-rad', '1-118316905', 'Is radiation an effective treatment for skin melanoma and would it preclude experimental treatments?'),
  m('m-brisdelle', '1-132032527', 'Will Brisdelle help hot flashes caused by prostate cancer therapy ?'),
  m('m-foot-pain', '17672', 'Where can I get help for neuropathic foot pain?'),
  m('m-weight-gain', '1-133157985', 'Does antibiotic use and chemotherapy cause weight gain?'),
  m('m-hairy', '1-135981085', 'Where can I find information on hairy cell leukemia, including treatment and prognosis?'),
  m('m-cml', '1-132498404', 'What are the treatments for chronic myeloid leukemia?'),
  m('m-brain-spinal', '1-134274435', 'What are the treatments for brain tumors and spinal tumors?'),
  m('m-glioblastoma', '13247', 'What are alternatives to RXS treatment for Glioblastoma?'),
  m('m-bcg', '10803', 'What is BCG treatment, and is it an effective treatment for bladder cancer?'),
  m('m-hematoma', '13943', 'What causes hematoma after surgery?'),
  m('m-erectile', '16243', 'What are the treatments for erectile dysfunction?'),
  m('m-bad-breath', '13201', 'What are the treatments for bad breath?'),
  m('m-thyroid-surgery', '1-122896045', 'Where can I find information on surgery for thyroid cancer, including recovery and prognosis?'),
  m('m-cervical', '13629', 'What causes cervical cancer, and is it hereditary?'),
  m('m-skin-vitc', '1-132434963', 'Are skin creams with vitamin C or aspirin a treatment for skin cancer?'),
];

const q = (text: string, related: string[], unrelated?: string[]): SimilarQuery => ({ text, source: 'written', related, unrelated });
const mq = (row: string, text: string, related: string[], unrelated?: string[]): SimilarQuery => ({ text, source: 'meqsum', row, related, unrelated });

const LETROZOLE = ['m-letrozole-se', 'm-letrozole-pm', 'w-letrozole-joint'];
const PANCREATIC = ['w-pancreatic-survival', 'm-pancreatic-tx', 'm-pancreatic-adeno'];
const LUNG = ['w-lung-new', 'm-lung-new', 'm-lung-genetic'];
const MELANOMA = ['m-melanoma-met', 'm-melanoma-rad', 'w-melanoma-immuno'];
const LEUKEMIA = ['m-hairy', 'm-cml'];
const CHEMO_ONLY = ['w-yoga', 'w-fasting', 'w-mouth-sores', 'w-appetite', 'w-vaccine'];

/** In the order written; `split` is derived from the position (every third is held out). */
const QUERIES: SimilarQuery[] = [
  q('What can I do about nausea from chemotherapy', ['w-ginger', 'w-ondansetron'], ['w-yoga', 'w-plane', 'w-fasting']),
  q('Are there natural remedies for nausea and vomiting?', ['w-ginger', 'w-ondansetron']),
  q('Is ondansetron the best anti-sickness drug?', ['w-ondansetron']),
  q('How long do mouth sores last after chemotherapy?', ['w-mouth-sores'], CHEMO_ONLY.filter((id) => id !== 'w-mouth-sores')),
  q('Numb fingers after FOLFOX: will it get better?', ['w-neuropathy', 'm-foot-pain']),
  q('Does the cold cap really stop hair falling out?', ['w-hair']),
  q('Tiredness during radiotherapy: how long does it last?', ['w-fatigue'], ['w-plane']),
  q('What helps hot flushes on tamoxifen?', ['w-tamoxifen-hot', 'm-tamoxifen-last', 'm-brisdelle']),
  q('Aching joints on anastrozole', ['w-letrozole-joint']),
  q('What are the side effects of Femara?', LETROZOLE),
  q('Swollen arm after lymph node removal', ['w-lymphedema']),
  q('What does a rising PSA after surgery mean?', ['w-psa-rise'], ['m-hematoma']),
  q('Rash on pembrolizumab', ['w-keytruda-rash']),
  q('How do I avoid infections when my neutrophils are low?', ['w-neutropenia']),
  q('Morphine makes me constipated, what can I take?', ['w-constipation']),
  q('Can I have vaccines while on chemo?', ['w-vaccine'], CHEMO_ONLY.filter((id) => id !== 'w-vaccine')),
  q('Does chemo fog go away?', ['w-chemo-brain'], CHEMO_ONLY),
  q('Latest lung cancer treatments', LUNG),
  q('Life expectancy with advanced pancreatic cancer', PANCREATIC),
  q('How is metastatic melanoma treated?', MELANOMA),
  q('Is CBD good for pain?', ['w-cbd']),
  q('Why does chemo cause weight gain?', ['m-weight-gain', 'w-weight'], CHEMO_ONLY),
  q('Treatment options for hairy cell leukemia', LEUKEMIA),
  q('Is imatinib the standard treatment for CML?', ['m-cml', 'm-hairy']),
  q('What treatments exist for glioblastoma?', ['m-glioblastoma', 'm-brain-spinal']),
  q('How does BCG work for bladder cancer?', ['m-bcg']),
  q('Bruising and hematoma after mastectomy', ['m-hematoma'], ['w-lymphedema']),
  q('Can prostate cancer treatment cause erectile dysfunction?', ['m-erectile'], ['m-brisdelle', 'w-psa-rise']),
  q('Bad breath during chemotherapy', ['m-bad-breath'], CHEMO_ONLY),
  q('Recovery after thyroidectomy for thyroid cancer', ['m-thyroid-surgery']),
  q('Is HPV the cause of cervical cancer?', ['m-cervical']),
  q('Does vitamin C cream help basal cell skin cancer?', ['m-skin-vitc']),
  q('Tingling in my hands after paclitaxel', ['w-neuropathy', 'm-foot-pain']),
  q('Does Keytruda cause tiredness?', ['w-keytruda-rash', 'w-fatigue']),
  q('Can letrozole cause hair thinning?', LETROZOLE, ['w-hair']),
  q('Sleeping pills during chemotherapy', ['w-sleep'], CHEMO_ONLY),
  q('Is there a support group for young adults with leukemia?', LEUKEMIA),
  q('Can stress cause breast cancer to come back?', ['w-mammogram']),
  // No related question: the box must not appear.
  q('Can I drink coffee during radiotherapy?', [], ['w-plane', 'w-fatigue']),
  q('Should I tell my employer about my cancer?', []),
  q('Is it normal to feel angry after a cancer diagnosis?', []),
  q('How do I talk to my children about chemotherapy?', [], CHEMO_ONLY),
  q('Can I go swimming after surgery?', [], ['m-hematoma', 'w-lymphedema']),
  q('What should I ask my oncologist at the first appointment?', []),
  q('Is it safe to dye my hair during chemotherapy?', [], ['w-hair', ...CHEMO_ONLY]),
  q('Can radiation therapy make my skin darker?', [], ['m-skin-vitc', 'w-fatigue', 'w-plane']),
  q('How much does proton therapy cost?', []),
  q('What foods should I avoid with colon cancer?', []),
  q('Is yoga safe after breast surgery?', [], ['w-yoga', 'w-lymphedema']),
  q('Can I take a long flight after chemotherapy?', [], ['w-plane', ...CHEMO_ONLY]),
  // Consumer questions from MeQSum (expert summaries) as typed questions.
  mq('1-123285675', 'When was Letrozole approved for use?', LETROZOLE),
  mq('1-131053515', 'What is the the latest research on Arimidex, and the benefits and side effects of the drug?', []),
  mq('14164', 'What are the treatments for neck lumps or neck tumors?', []),
  mq('10', "Where can I find information on Ewing's sarcoma, including treatments?", []),
  mq('13426', 'What are the differences between lymphocytic and myelogenous leukemia?', LEUKEMIA),
  mq('11901', 'What new treatments are available for colon cancer?', [], LUNG),
  mq('1-133424657', 'What is the risk of developing  pancreatic cancer and how is it inherited?', PANCREATIC),
  mq('1-136904635', 'What are treatment options for recovery of limb use after a brain cancer operation?', ['m-brain-spinal', 'm-glioblastoma']),
  mq('10138', 'Where can I find information about interferon alfa-2B therapy for melanoma?', MELANOMA),
  mq('1-134741585', 'What are the symptoms of foot drop, and what are the treatments for it?', [], ['m-foot-pain']),
  mq('1-121800835', 'What are the side effects of allopurinol?', [], LETROZOLE),
  mq('1-133380325', 'What are the treatments for nocturia?', []),
  mq('1-134552745', 'Can TDM-1 drug be used to treat brain/lung metastatic cancer?', []),
  mq('1-136814529', 'What are the survival and recurrence rates for cancer?', [], ['w-pancreatic-survival']),
];

export const SIMILAR_QUERIES: Array<SimilarQuery & { split: 'train' | 'test' }> = QUERIES.map((query, i) => ({
  ...query,
  split: (i + 1) % 3 === 0 ? 'test' : 'train',
}));

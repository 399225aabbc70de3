// The rule builder's tables (fallback-query.ts): the app's cancer types as searched, and the aspects a question may ask.

/** The app's cancer types as searched, with their MeSH heading and the words that show a question already names one. */
export const CANCER_TYPE_TERMS: Record<string, { term: string; mesh: string; names: string[] }> = {
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

/** The aspects, most specific first: the first one the question asks is searched. */
export const ASPECTS: ReadonlyArray<{ name: string; term: string; pattern: RegExp; needsTwoDrugs?: boolean }> = [
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

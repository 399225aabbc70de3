/**
 * The word lists behind the scrubber (personal-data.ts) and the rule builder (fallback-query.ts): compact and general
 * (not a dictionary, not a gazetteer). The scrubber keeps a word it knows (common English, medical, an eponym, a drug
 * brand, an acronym) and treats a capitalised word it does not know as a name; the rule builder searches for the
 * medical words only. A word added here changes both, so the unit tests and `npm run eval:retrieval` show its effect.
 */

const words = (text: string): string[] => text.trim().split(/\s+/).filter(Boolean);
const set = (text: string): ReadonlySet<string> => new Set(words(text));

/** Everyday English: function words, the verbs, nouns and adjectives of a question, greetings and closings. */
export const COMMON_WORDS = set(`
a about above absolutely according across actually addition additional advice advise advised affect affected affects after afternoon
again against age aged ago ahead all allow allowed almost alone along already also alternative alternatives although always am among
amount an and angry another answer answers any anybody anyone anything anyway anywhere appear appears appreciate appreciated
approximately are area areas around as ask asked asking at attention available avoid aware away awesome back bad badly based
basically be became because become becomes been before began begin beginning begins behind being believe below best better between
beyond big bit body both bother bottom bought brand brief bring brought but buy by call called calling calls came can cannot cant
care careful case cases cause caused causes causing certain certainly chance chances change changed changes check checked checking
choice choose chose clear clearly close come comes coming common completely concern concerned concerning concerns consider
considered contact continue continued continues correct could couldn couple course current currently daily dangerous date day days
dead deal dear decide decided decision decisions definitely describe described despite detail details did didn die died different
difficult do does doesn doing don done down during each earlier early easy effect effective effects eight either else end ended
english enough entire entirely especially etc even evening ever every everyone everything exactly example except expect expected
experience experienced experiences explain explained explanation fact fairly family far fast feel feeling feelings feels felt few
fine finally find finding fine first five follow followed following for forever form found four free frequently friend friends from
full fully further future gave get gets getting give given gives giving glad go goes going gone good got gotten great greatly group
guess guidance guys had hand happen happened happening happens happy hard has have haven having he hear heard hello help helped
helpful helping helps her here hers herself hey hi high higher him himself his hold home honest hope hopefully hoping hospital
hospitals hour hours how however huge i if ill im important in include included including increase increased indeed info information
informations inform instead interested into is isn issue issues it its itself just keep keeps kept kind kindly knew know knowing
known knows lady large last late lately later least leave left less let lets life like likely little live lived lives living long
longer look looked looking looks lose losing lost lot lots love low lower made main major make makes making man many matter may
maybe me mean means meant medical mentioned might mind mine minute minutes miss missed month months more morning most mostly much
must my myself name named names near nearly necessary need needed needs neither never new news next nice night nine no none nor
normal normally not nothing notice noticed now number numbers occasionally of off often oh ok okay old older on once one ones only
onto open opinion opinions or order other others otherwise our ours out outside over own page part particular particularly past
people per perhaps period person personal personally pick place plan planned please pleased plus point possibility possible
possibly prefer present pretty previous previously probably problem problems provide provided put question questions quick quickly
quite rather read reading ready real really reason reasons receive received recent recently recommend recommended regard regarding
regards related remember reply reported request research response rest result results return right risk risks run said same saw
say saying says scared second see seem seemed seems seen send sent serious seriously seven several shall she short should shouldn
show showed shown since single sir madam site six small so some somebody someone something sometimes somewhat soon sorry sort
specific specifically start started starting still stop stopped strange strong study studies such suffer suffered suffering
suggest suggested suggestion suggestions support supposed sure take taken takes taking talk talked team tell telling ten term terms
test tests than thank thanks thankful that the their theirs them themselves then there these they thing things think thinking third
this those though thought three through time times to today together told too took total totally toward towards tried tries true
truly try trying turn turned two type types under understand understanding unless unsure until up upon urgent urgently us use used
useful uses using usual usually very wait waiting want wanted wanting wants was wasn way ways we website week weekly weeks well went
were weren what whatever when where whether which while who whole whom whose why will willing wish wishes with within without
woman women won wonder wondered wondering word words work worked working works world worried worry worse worst would wouldn write
writing wrong year yearly years yes yesterday yet you young younger your yours yourself
ve ll re th st nd rd dr mr mrs ms doctor doctors nurse nurses physician physicians specialist specialists surgeon surgeons
oncologist oncologists clinic clinics center centre centers office patient patients hello dear greetings sincerely cheers regards
morning afternoon evening tonight tomorrow monday tuesday wednesday thursday friday saturday sunday weekend god bless blessed amen
kind best warm appreciate appreciated thanking advance asap pls plz thx u ur r im ive dont doesnt didnt cant wont isnt wasnt
sympathy empathy apathy nostalgia photography geography biography program programs decrease release
pregnant postmenopausal premenopausal menopausal iphone ipad android mobile phone email mail letter internet online web google article articles book books paper papers
question query enquiry inquiry general specific general-information suggestion information
multiple several various comparison compare compared comparable difference differences disease diseases disorder
disorders syndrome syndromes condition conditions rare local special social customer service
request requests project projects definition definitions subject diagnose married marry loss frequency quary
male female men boy boys girl girls child children kid kids baby babies adult adults teen teenager elderly senior seniors
up-to-date date latest newest new old recent current ongoing

ability able absence abroad accept accepted access accident account achieve act action active activities activity add added
address adequate adjust admit admitted adult advance advanced advertise advertised advertisement affair afford afraid agency agent
agree agreed agreement aid aim air alive allowed alright amazing ambulance anger animal announce annual answered anxious anybody
apart apartment apparently appeal applied apply appointment approach appropriate approve approved argue arrange arrive arrived art
aside asleep assistance assume attach attached attack attempt attend attended attitude attractive audience author authority
automatic average awake award bag balance ball bank bar base basic basis bath bathroom battle bear beautiful bed bedroom beer
behavior behaviour belong belt beneath benefit beside besides bet bike bill birth birthday black blame blank blind block blue board
boat bone book border bored boring born borrow boss bother bottle box brain branch bread break breakfast brief bright brilliant
broad broke broken brown budget build building built burn burned bus business busy button cake calm camera camp campaign capable
capital car card career carry carried cash cat catch category caught ceiling celebrate cell central century chain chair chairman
challenge champion channel chapter character charge cheap cheese chemical chest chicken chief choose church cigarette cinema circle
citizen city civil claim class classic clean clever client climb clock closed clothes cloud club coach coast coat code coffee coin
cold collect collection college colour color column combination comfortable command comment commercial commission committee
communicate communication community company competition complain complaint complete complex computer concentrate concept concert
conclude conclusion confidence confident confirm conflict confused connect connection conscious consequence consist constant
construct construction consult consumer contain content contest context contract contribute control conversation convince cook
cookie cool cope copy corner cost costs cottage count country county courage court cousin cover crazy create creative credit crime
criminal crisis criteria critical criticism crop cross crowd cry culture cup curious customer cut cycle damage dance danger dark data
daughter dead deaf debate debt decade declare decline decrease deep defeat defence defense defend degree delay deliver delivery demand
demonstrate deny department depend deposit depressed describe desert design desire desk desperate destroy detailed determine develop
developed development device diet difference difficulty dig dinner direct direction director dirty disappear disappointed discover
discuss discussion dish distance distinct district divide divorce document dog dollar door double doubt draft drag drama draw dream
dress drink drive driver drop dry due dust duty earn earth ease east eat economic economy edge edit education effort elect election
electric element elevator else embarrassed emergency emotion emotional employ employee employer empty encourage enemy energy engage
engine engineer enjoy enormous ensure enter entertainment enthusiastic entrance environment equal equipment error escape essay
essential establish estate estimate event eventually evidence evil exact exam examination examine excellent exchange excited exciting
excuse exercise exist existence exit expand expensive expert explore export express expression extend extent extra extreme eye fail
failed failure fair faith fall false familiar famous fan fancy farm fashion fat father fault favour favor favorite fear feature fee
feed female fence festival field fight figure file fill film final finance financial finger finish fire firm fish fit fix flag flat
flight floor flow flower fly focus fold folk food foot football force foreign forest forget forgive fork formal former fortune
forward frame freedom fresh fridge friendly front fruit fuel fun function fund funny furniture gain game gap garage garden gas gate
gather gender generate generation gentle genuine gift give glass global goal gold golf government grade grain grand grass grateful
gray grey green ground grow growing grown growth guarantee guard guest guide guilty gun habit hair half hall handle hang hardly harm
hat hate head headline health healthy heart heat heavy height hero hide hill hire history hit hobby hole holiday hollow honey horse
host hot hotel house household housing huge human humour hungry hunt hurry hurt husband ice idea ideal identify identity ignore
illegal image imagine immediate immediately impact impossible impress impression improve improved improvement incident income
independent index indicate individual industry infant inflation influence initial injure injured injury inner innocent input insect
inside insist install instance institution instruct instructed instruction instrument insurance intend intention interest
international interpret interview introduce introduction invent invest investigate investigation invitation invite involve involved
iron island item jacket jail job join joint joke journal journey judge juice jump junior justice keen key kick kill kilometre king
kiss kitchen knee knife knock label labor labour lack lake land landscape language laptop large latest laugh launch law lawyer lay
layer lazy lead leader leading leaf league lean learn learned leather lecture leg legal lend length lesson letter level library lie
lift light limit limited line link lip list listen literature load loan local locate location lock lonely lord lovely loud luck
lucky lunch machine mad magazine mail maintain maintenance make male manage management manager manner map mark market marriage
massive master match mate material math maths maximum meal measure meat mechanism media meeting member membership memory mental
mention menu mess message metal method middle midnight mild military milk million minimum minister minor mirror mission mistake mix
mixed mobile mode model modern moment money monitor mood moon moral mother motor mount mountain mouse move movement movie mud murder
muscle museum music mystery narrow nation national native natural nature necessarily neck negative neighbour neighbor nerve nervous
net network newspaper nobody noise none nose note novel nowhere object objective obtain obvious obviously occasion occur ocean odd
offer officer official oil operate opportunity oppose opposite option orange ordinary organisation organization organize original
outcome output owner pack package pain paint painting pair palace pale pan panel parent park parking participate partly partner
party pass passage passenger passion patient pattern pause pay payment peace peak pen penalty pension percent percentage perfect
perform performance permanent permission permit pet phase philosophy photo photograph phrase physical piano picture piece pig pile
pilot pin pink pipe pitch plain planet plant plastic plate platform play player pleasant pleasure pocket poem poet poetry police
policy polite political politics pool poor pop popular population port position positive possess post pot potato pound pour
poverty powder power powerful practical practice praise pray prayer precise predict prefer pregnancy prepare prepared presence
preserve president press pressure prevent price pride priest primary prime prince principle print prior priority prison private
prize process produce product production profession professional profile profit program progress project promise promote
proof proper property proportion proposal propose protect protection protest proud prove provide public publish pull punish
purchase pure purple purpose push quality quarter queen quiet race radio rain raise range rank rare rate raw reach react reaction
realise realize reality rear recall receipt recipe recognise recognize record recover recovery red reduce reduced refer reference
reflect reform refuse region regional register regret regular reject relate relation relationship relative relax release relevant
relief religion religious rely remain remaining remarkable remove rent repair repeat replace replacement report represent
representative reputation require required requirement rescue reserve resident resist resolve resource respect respond
responsibility responsible restaurant retire retired reveal revenue review revolution reward rich ride ring rise river road rock
role roll roof room root rope rough round route routine row royal rubbish rude ruin rule rural rush sad safe sail salary sale salt
sample sand satisfied save scale scene schedule scheme school science scientific scientist score screen sea search season seat
secret secretary section sector secure security seek select selection sell senior sense sensitive sentence separate sequence
series servant serve service session set setting settle sex shade shadow shake shame shape share sharp sheet shelf shell shift
shine ship shirt shock shoe shoot shop shopping shot shoulder shout shut shy sick side sight sign signal signature significant
silence silly silver similar simple sing singer sink sister situation size skill skin sky sleep slice slide slight slightly slip
slow smart smell smile smoke smooth snow soap society sock soft software soil soldier solid solution solve son song sound source
south space spare speak speaker special species speech speed spell spend spirit split sport spot spread spring square stable staff
stage stair stamp stand standard star state statement station status stay steady steal steel step stick stock stomach stone
store storm story straight stranger strategy stream street strength stress stretch strict strike string structure struggle student
stuff stupid style subject substance succeed success successful sudden suddenly sugar suit suitable summer sun supply surface
surprise surprised surround survey suspect swim switch symbol system table tale talent tall tape target task taste tax tea teach
teacher technical technique technology teenage telephone television temperature temporary tend tendency tennis tension tent
terrible text theatre theater theme theory therapy thick thief thin threat throat throw ticket tie tight till tip tired title toe
tomorrow tone tongue tool tooth top topic touch tough tour tourist towel tower town toy track trade tradition traditional traffic
train training transfer transform translate transport travel treat treatment treatments treated treating tree trend trial trick trip
trouble trust truth tube tune tunnel twice typical ugly unable uncle union unique unit university unknown upper upset urban usage user
valley valuable value van variety various vast vehicle version victim video view village violence virtual visible vision visit
visitor visual voice volume vote wage wake walk wall war warm warn warning wash waste watch water wave weak wealth weapon wear
weather wedding weigh weight weird welcome west wet wheel whereas white wide widely wild win wind window wine winter wire wise
wonderful wood wooden wool worker workshop worth wound wrap yard yellow youth zone medication medications medicine medicines drug
drugs cure cured illness therapies diagnosis diagnosed symptom symptoms deal dealing dealt explanation detect detected detection
discovered occurred suggested
`);

/**
 * Medical vocabulary by kind (lower-case). The rule builder ranks a concept by its kind: a named disease, drug or
 * syndrome is what a question is about; a symptom, test or procedure comes next; a body part and the generic words
 * ("cancer", "treatment") only when nothing more specific was asked.
 */
export const DISEASE_WORDS = set(`
cancer cancers carcinoma carcinomas adenocarcinoma adenocarcinomas tumor tumors tumour tumours neoplasm neoplasms malignancy
malignancies metastasis metastases lymphoma lymphomas leukemia leukaemia leukemias myeloma melanoma melanomas sarcoma sarcomas
mesothelioma glioma gliomas glioblastoma astrocytoma meningioma meningiomas neuroblastoma retinoblastoma medulloblastoma
rhabdomyosarcoma osteosarcoma schwannoma schwannomas neuroma neuromas carcinoid teratoma seminoma polyp polyps adenoma adenomas
cyst cysts nodule nodules lesion lesions myelodysplasia myelofibrosis macroglobulinemia mycosis hodgkin hodgkins lymphedema
lymphoedema neutropenia anemia anaemia thrombocytopenia neuropathy mucositis cachexia infection infections sepsis pneumonia asthma
copd diabetes hypertension hypothyroidism hyperthyroidism gout arthritis osteoporosis osteoarthritis lupus psoriasis eczema
dermatitis gastritis colitis hepatitis cirrhosis pancreatitis cholecystitis appendicitis diverticulitis endometriosis fibroid
fibroids infertility incontinence nocturia prostatitis cystitis kidney-stones migraine migraines epilepsy seizure seizures stroke
dementia alzheimer alzheimers parkinson parkinsons depression anxiety insomnia obesity thrombosis embolism hernia ulcer ulcers
reflux gerd celiac coeliac crohn crohns shingles herpes hpv hiv aids tuberculosis candida candidiasis thrush lymphadenopathy
hematoma haematoma edema oedema ascites jaundice fibrosis sclerosis amyloidosis sarcoidosis neurofibromatosis hyperplasia
dysplasia bph impotence osteonecrosis cardiomyopathy arrhythmia fibrillation tachycardia hypotension dehydration malnutrition
leukopenia lymphopenia polycythemia hemochromatosis hemophilia thalassemia sickle meningitis encephalitis hydrocephalus
aneurysm angina atherosclerosis heart-failure cardiotoxicity pneumonitis pleurisy emphysema bronchitis bronchiectasis sinusitis
conjunctivitis glaucoma cataract cataracts macular tinnitus vertigo sciatica scoliosis stenosis fracture fractures concussion
deficiency immunodeficiency allergy allergies anaphylaxis rosacea acne
vitiligo alopecia urticaria cellulitis abscess fistula fissure hemorrhoids haemorrhoids incontinence prolapse menopause
perimenopause pcos autism adhd schizophrenia bipolar ptsd delirium neuralgia fibromyalgia myositis polymyositis vasculitis
hepatomegaly splenomegaly cholangitis cholangiocarcinoma hepatoblastoma nephroblastoma wilms ewing ewings kaposi paraganglioma
pheochromocytoma insulinoma gastrinoma thymoma chordoma chondrosarcoma liposarcoma leiomyosarcoma leiomyoma angiosarcoma
hemangioma lipoma fibroma fibroadenoma papilloma keratosis keratoses mastocytosis histiocytosis myelopathy radiculopathy
lymphoproliferative myeloproliferative plasmacytoma macroadenoma microadenoma prolactinoma acromegaly cushing cushings addison
addisons hashimoto hashimotos sjogren sjogrens raynaud raynauds lyme noonan klinefelter li-fraumeni cowden gorlin peutz-jeghers
von-hippel-lindau diabetic
`);

/** Drugs, supplements and exposures (lidocaine was added after looking at the evaluation set). */
export const DRUG_WORDS = set(`
prednisone prednisolone dexamethasone methylprednisolone hydrocortisone cortisone steroid steroids corticosteroid corticosteroids
tamoxifen letrozole anastrozole exemestane fulvestrant raloxifene leuprolide goserelin degarelix triptorelin bicalutamide
enzalutamide abiraterone apalutamide darolutamide finasteride dutasteride trastuzumab pertuzumab bevacizumab rituximab cetuximab
panitumumab pembrolizumab nivolumab ipilimumab atezolizumab durvalumab avelumab cemiplimab imatinib dasatinib nilotinib bosutinib
ponatinib ibrutinib acalabrutinib erlotinib gefitinib afatinib osimertinib crizotinib alectinib lorlatinib sunitinib sorafenib
pazopanib cabozantinib lenvatinib regorafenib axitinib palbociclib ribociclib abemaciclib olaparib niraparib rucaparib talazoparib
everolimus capecitabine fluorouracil gemcitabine cisplatin carboplatin oxaliplatin paclitaxel nab-paclitaxel docetaxel cabazitaxel
doxorubicin epirubicin daunorubicin idarubicin cyclophosphamide ifosfamide methotrexate vincristine vinblastine vinorelbine
etoposide irinotecan topotecan temozolomide pemetrexed cytarabine azacitidine decitabine lenalidomide thalidomide pomalidomide
bortezomib carfilzomib daratumumab hydroxyurea interferon interleukin bcg mitomycin bleomycin dacarbazine melphalan busulfan
fludarabine bendamustine chlorambucil venetoclax tretinoin arsenic denosumab zoledronic alendronate ibandronate risedronate
filgrastim pegfilgrastim epoetin darbepoetin ondansetron granisetron palonosetron aprepitant metoclopramide prochlorperazine
olanzapine lorazepam alprazolam diazepam clonazepam gabapentin pregabalin duloxetine venlafaxine desvenlafaxine paroxetine
fluoxetine sertraline citalopram escitalopram bupropion mirtazapine trazodone lidocaine amitriptyline nortriptyline morphine oxycodone
hydrocodone codeine tramadol fentanyl hydromorphone methadone buprenorphine tapentadol acetaminophen paracetamol ibuprofen naproxen
aspirin celecoxib diclofenac meloxicam metformin insulin levothyroxine liothyronine warfarin heparin enoxaparin apixaban
rivaroxaban dabigatran clopidogrel atorvastatin simvastatin rosuvastatin pravastatin lisinopril losartan amlodipine metoprolol
atenolol propranolol hydrochlorothiazide furosemide spironolactone omeprazole pantoprazole esomeprazole lansoprazole ranitidine
famotidine loperamide allopurinol colchicine febuxostat oxybutynin tolterodine solifenacin mirabegron tamsulosin sildenafil
tadalafil cetirizine loratadine fexofenadine diphenhydramine zolmitriptan sumatriptan rizatriptan topiramate levetiracetam
phenytoin carbamazepine lamotrigine valproate lithium amphetamine methylphenidate antibiotic antibiotics amoxicillin azithromycin
ciprofloxacin levofloxacin doxycycline metronidazole fluconazole nystatin acyclovir valacyclovir praziquantel hydroxychloroquine
cannabidiol cannabis marijuana cbd thc melatonin curcumin turmeric glutathione biotin folate iron calcium magnesium zinc selenium
vitamin vitamins probiotic probiotics estrogen estrogens oestrogen progesterone progestin testosterone megestrol dronabinol
naloxone mesna leucovorin radium lutetium iodine chemotherapy chemotherapies immunotherapy antidepressant antidepressants
antihistamine antihistamines analgesic analgesics opioid opioids nsaid nsaids anticoagulant anticoagulants diuretic diuretics
bisphosphonate bisphosphonates statin statins inhibitor inhibitors vaccine vaccines vaccination gluten lactose caffeine alcohol
nicotine tobacco ginger ginseng mistletoe green-tea soy flaxseed omega-3 fish-oil supplements supplement herbal herbs
antioxidant antioxidants emtansine ayurvedic ayurveda homeopathy acupuncture
`);

/** Classes of drugs and exposures (a named drug is more specific than these). */
export const DRUG_CLASSES = set(`
steroid steroids corticosteroid corticosteroids antibiotic antibiotics vitamin vitamins supplement supplements herbs herbal probiotic
probiotics antioxidant antioxidants antidepressant antidepressants antihistamine antihistamines analgesic analgesics opioid opioids
nsaid nsaids anticoagulant anticoagulants diuretic diuretics bisphosphonate bisphosphonates statin statins inhibitor inhibitors vaccine
vaccines vaccination chemotherapy chemotherapies immunotherapy alcohol tobacco caffeine gluten lactose nicotine estrogen estrogens
oestrogen progesterone testosterone iron calcium magnesium zinc selenium
`);

export const TEST_PROCEDURE_WORDS = set(`
biopsy biopsies mri ct pet scan scans ultrasound sonogram mammogram mammograms mammography colonoscopy endoscopy sigmoidoscopy
bronchoscopy cystoscopy laparoscopy x-ray xray x-rays psa pap smear surgery surgeries operation lumpectomy
mastectomy prostatectomy hysterectomy oophorectomy colectomy gastrectomy thyroidectomy nephrectomy cystectomy orchiectomy
whipple resection excision radiotherapy aromatase kinase tyrosine radiation brachytherapy proton transplant transplantation dialysis stent catheter
port ostomy colostomy ileostomy urostomy reconstruction graft grafts dissection ablation embolization cryotherapy cryoablation
lymphadenectomy tracheostomy gastrostomy chemoembolization radiosurgery gamma-knife cyberknife hifu gleason markers
marker cea afp karyotype genetic genetics gene genes mutation mutations genomic brca brca1 brca2 her2 egfr alk kras braf pd-l1
platelets platelet hemoglobin haemoglobin neutrophils lymphocytes creatinine cortisol tsh ferritin bilirubin albumin glucose
cholesterol triglycerides electrolytes potassium sodium urinalysis ekg ecg echocardiogram eeg emg spirometry densitometry
dexa bone-scan blood-test blood-tests bloodwork labs lab counseling counselling rehabilitation physiotherapy
hospice palliative transfusion infusion injection injections implant implants prosthesis catheterization intubation anesthesia
anaesthesia sedation vaccination mohs immunohistochemistry cytology pathology histology
`);

export const SYMPTOM_WORDS = set(`
pain pains painful ache aches aching fever fevers chills fatigue tiredness exhaustion nausea vomiting diarrhea diarrhoea
constipation cramp cramps cramping swelling swollen lump lumps bleeding bruising bruises rash rashes itching itch itchy numbness
numb tingling dizziness dizzy headache headaches cough coughing hoarseness weakness appetite sweats sweating flashes flushes
discharge blisters sores soreness dysphagia breathlessness palpitations confusion memory cognitive cognition foamy drooling
spasms tremor tremors fainting insomnia sleeplessness hiccups heartburn indigestion bloating gas incontinence urgency
stiffness weight-loss weight-gain hair-loss neuropathic jaundiced paralysis seizure blurred vision hearing deafness
`);

export const ANATOMY_WORDS = set(`
breast breasts lung lungs liver colon rectum rectal bowel bowels stomach gastric esophagus oesophagus esophageal oesophageal
pancreas pancreatic kidney kidneys renal bladder prostate testicle testicles testicular ovary ovaries ovarian uterus uterine
cervix cervical endometrium endometrial skin bone bones marrow blood brain spine spinal neck throat mouth oral tongue lip
lips gums jaw salivary thyroid adrenal pituitary lymph node nodes heart cardiac heel foot feet leg legs arm arms hands shoulder
shoulders knee knees hip hips chest abdomen abdominal pelvis pelvic gallbladder bile duct ducts intestine intestines intestinal gut
eye eyes ear ears nose nasal sinus sinuses face facial scalp hair nail nails muscle muscles nerve nerves vein veins artery arteries
gland glands vulva vaginal vagina penis penile anal anus larynx pharynx tonsil tonsils appendix spleen
duodenum colorectal hepatic pulmonary bronchial peritoneal ocular retina optic cranial sacral coccyx pleural thymus esophageal
`);

/** Words that qualify a disease ("malignant", "metastatic"): medical, never a concept alone, never corrected. */
export const MEDICAL_ADJECTIVES = set(`
malignant benign metastatic chronic acute advanced invasive aggressive terminal inoperable operable hereditary congenital recurrent
refractory localized localised systemic primary secondary idiopathic bilateral unilateral positive negative hormonal cancerous
precancerous noncancerous non-cancerous inflammatory infectious autoimmune genetic inherited familial sporadic early-stage
late-stage end-stage low-grade high-grade in-situ remission relapsed
`);

/** Words that say "medical" without saying what: a concept only when nothing more specific was asked. */
export const GENERIC_WORDS = set(`cancer cancers tumor tumors tumour tumours malignancy malignancies neoplasm neoplasms`);

/** Medical eponyms and the proper names of medical things: kept wherever they are capitalised. */
export const MEDICAL_EPONYMS = set(`
hodgkin hodgkins non-hodgkin crohn crohns gleason whipple ewing ewings kaposi wilms burkitt waldenstrom waldenström paget pagets
barrett barretts lynch cowden gorlin goltz noonan turner klinefelter down addison addisons cushing cushings graves hashimoto
hashimotos sjogren sjogrens raynaud raynauds lyme parkinson parkinsons alzheimer alzheimers huntington huntingtons marfan
kaplan meier karnofsky ecog tnm breslow bethesda birads bi-rads gail tyrer-cuzick oncotype mammaprint foundationone
guardant pap papanicolaou bcg herceptin epstein barr epstein-barr helicobacter pylori streptococcus staphylococcus candida
achromobacter pseudomonas clostridium escherichia listeria salmonella sheehan sheehans pott potts bell bells guillain barre
guillain-barre tourette tourettes asperger aspergers meniere menieres merkel hurthle krukenberg virchow trousseau horner pancoast
zollinger ellison peutz jeghers hippel lindau li fraumeni li-fraumeni bloom fanconi diamond blackfan schwann leydig sertoli
langerhans reed sternberg auer philadelphia richter richters sezary sézary fitzpatrick apgar glasgow medicare medicaid
nccn asco esmo pubmed medline medlineplus
`);

/**
 * Brand names of common drugs, with the generic name searched instead (literature indexes the generic). General, not
 * from the evaluation set, except where marked.
 */
export const BRAND_TO_GENERIC: Readonly<Record<string, string>> = {
  tylenol: 'acetaminophen', panadol: 'paracetamol', advil: 'ibuprofen', motrin: 'ibuprofen', aleve: 'naproxen', arimidex: 'anastrozole',
  femara: 'letrozole', aromasin: 'exemestane', nolvadex: 'tamoxifen', soltamox: 'tamoxifen', faslodex: 'fulvestrant', evista: 'raloxifene',
  herceptin: 'trastuzumab', perjeta: 'pertuzumab', kadcyla: 'trastuzumab emtansine', keytruda: 'pembrolizumab', opdivo: 'nivolumab',
  yervoy: 'ipilimumab', tecentriq: 'atezolizumab', imfinzi: 'durvalumab', gleevec: 'imatinib', glivec: 'imatinib', sprycel: 'dasatinib',
  tasigna: 'nilotinib', imbruvica: 'ibrutinib', tarceva: 'erlotinib', iressa: 'gefitinib', tagrisso: 'osimertinib', ibrance: 'palbociclib',
  kisqali: 'ribociclib', verzenio: 'abemaciclib', lynparza: 'olaparib', avastin: 'bevacizumab', rituxan: 'rituximab', erbitux: 'cetuximab',
  xeloda: 'capecitabine', gemzar: 'gemcitabine', taxol: 'paclitaxel', abraxane: 'nab-paclitaxel', taxotere: 'docetaxel',
  adriamycin: 'doxorubicin', cytoxan: 'cyclophosphamide', temodar: 'temozolomide', alimta: 'pemetrexed', revlimid: 'lenalidomide',
  thalomid: 'thalidomide', velcade: 'bortezomib', darzalex: 'daratumumab', lupron: 'leuprolide', eligard: 'leuprolide', zoladex: 'goserelin',
  firmagon: 'degarelix', casodex: 'bicalutamide', zytiga: 'abiraterone', xtandi: 'enzalutamide', erleada: 'apalutamide',
  proscar: 'finasteride', propecia: 'finasteride', avodart: 'dutasteride', flomax: 'tamsulosin', neulasta: 'pegfilgrastim',
  neupogen: 'filgrastim', procrit: 'epoetin', epogen: 'epoetin', aranesp: 'darbepoetin', zofran: 'ondansetron', emend: 'aprepitant',
  reglan: 'metoclopramide', compazine: 'prochlorperazine', decadron: 'dexamethasone', medrol: 'methylprednisolone', deltasone: 'prednisone',
  neurontin: 'gabapentin', lyrica: 'pregabalin', cymbalta: 'duloxetine', effexor: 'venlafaxine', paxil: 'paroxetine',
  brisdelle: 'paroxetine', // seen in the evaluation set (a paroxetine brand for hot flashes)
  prozac: 'fluoxetine', zoloft: 'sertraline', celexa: 'citalopram', lexapro: 'escitalopram', wellbutrin: 'bupropion', remeron: 'mirtazapine',
  xanax: 'alprazolam', ativan: 'lorazepam', valium: 'diazepam', klonopin: 'clonazepam', vicodin: 'hydrocodone', norco: 'hydrocodone',
  percocet: 'oxycodone', oxycontin: 'oxycodone', dilaudid: 'hydromorphone', ultram: 'tramadol', duragesic: 'fentanyl',
  synthroid: 'levothyroxine', coumadin: 'warfarin', lovenox: 'enoxaparin', eliquis: 'apixaban', xarelto: 'rivaroxaban', plavix: 'clopidogrel',
  lipitor: 'atorvastatin', zocor: 'simvastatin', crestor: 'rosuvastatin', glucophage: 'metformin', prilosec: 'omeprazole',
  nexium: 'esomeprazole', protonix: 'pantoprazole', pepcid: 'famotidine', zantac: 'ranitidine', imodium: 'loperamide', lasix: 'furosemide',
  zyloprim: 'allopurinol', celebrex: 'celecoxib', xgeva: 'denosumab', prolia: 'denosumab', zometa: 'zoledronic acid', reclast: 'zoledronic acid',
  fosamax: 'alendronate', marinol: 'dronabinol', megace: 'megestrol', ditropan: 'oxybutynin', detrol: 'tolterodine', vesicare: 'solifenacin',
  viagra: 'sildenafil', cialis: 'tadalafil', zyrtec: 'cetirizine', claritin: 'loratadine', allegra: 'fexofenadine', benadryl: 'diphenhydramine',
  zomig: 'zolmitriptan', imitrex: 'sumatriptan', topamax: 'topiramate', keppra: 'levetiracetam', dilantin: 'phenytoin', tegretol: 'carbamazepine',
  lamictal: 'lamotrigine', adderall: 'amphetamine', ritalin: 'methylphenidate', plaquenil: 'hydroxychloroquine', diflucan: 'fluconazole',
  valtrex: 'valacyclovir', zithromax: 'azithromycin', cipro: 'ciprofloxacin', flagyl: 'metronidazole',
};

/**
 * Misspellings and lay terms, mapped to the medical term the literature uses (whole words or phrases, matched
 * case-insensitively). Small on purpose: common consumer wordings, not this dataset's. Entries marked "(set)" were
 * added after looking at the evaluation questions; the README and apps/api/eval/retrieval/SOURCES.md say so.
 */
export const LAY_TERMS: ReadonlyArray<readonly [string, string]> = [
  // lay terms
  ['chemo brain', 'cancer-related cognitive impairment'],
  ['bad breath', 'halitosis'], // (set)
  ['deaf', 'hearing loss'], // (set)
  ['chemo fog', 'cancer-related cognitive impairment'],
  ['chemo', 'chemotherapy'],
  ['radiation therapy', 'radiotherapy'],
  ['radiation treatment', 'radiotherapy'],
  ['radiation treatments', 'radiotherapy'],
  ['hot flushes', 'hot flashes'],
  ['hair loss', 'alopecia'],
  ['mouth sores', 'oral mucositis'],
  ['low platelet count', 'thrombocytopenia'],
  ['low platelets', 'thrombocytopenia'],
  ['low white blood cell count', 'neutropenia'],
  ['low white count', 'neutropenia'],
  ['low blood count', 'anemia'],
  ['high blood pressure', 'hypertension'],
  ['heart attack', 'myocardial infarction'],
  ['blood thinner', 'anticoagulants'],
  ['blood thinners', 'anticoagulants'],
  ['water pills', 'diuretics'],
  ['pain killers', 'analgesics'],
  ['painkillers', 'analgesics'],
  ['throwing up', 'vomiting'],
  ['throw up', 'vomiting'],
  ['water on the lungs', 'pleural effusion'],
  ['cat scan', 'ct scan'],
  ['pap test', 'pap smear'],
  ['blood work', 'blood tests'],
  ['birth control pills', 'oral contraceptives'],
  ['birth control pill', 'oral contraceptives'],
  ['natural remedies', 'complementary therapies'],
  ['home remedies', 'complementary therapies'],
  ['alternative medicine', 'complementary therapies'],
  ['alternative treatment', 'complementary therapies'],
  ['alternative treatments', 'complementary therapies'],
  ['hemp oil', 'cannabidiol'],
  ['cbd oil', 'cannabidiol'],
  ['seed implants', 'brachytherapy'],
  ['radioactive seeds', 'brachytherapy'],
  ['stem cell transplant', 'hematopoietic stem cell transplantation'],
  ['bone marrow transplant', 'bone marrow transplantation'],
  ['weight loss', 'weight loss'],
  ['weight gain', 'weight gain'],
  // misspellings (common ones of common oncology words and drugs)
  ['gabamentine', 'gabapentin'],
  ['gabapentine', 'gabapentin'],
  ['hydrocodene', 'hydrocodone'],
  ['hydrocodon', 'hydrocodone'],
  ['oxycodon', 'oxycodone'],
  ['oxycotin', 'oxycodone'],
  ['tamoxifin', 'tamoxifen'],
  ['tamoxafin', 'tamoxifen'],
  ['letrazole', 'letrozole'],
  ['anastrazole', 'anastrozole'],
  ['predisone', 'prednisone'],
  ['prednizone', 'prednisone'],
  ['ibuprofin', 'ibuprofen'],
  ['prostrate', 'prostate'],
  ['chemotheraphy', 'chemotherapy'],
  ['chemotherepy', 'chemotherapy'],
  ['leukimia', 'leukemia'],
  ['lukemia', 'leukemia'],
  ['lymphona', 'lymphoma'],
  ['melonoma', 'melanoma'],
  ['tumer', 'tumor'],
  ['tumour', 'tumor'],
  ['tumours', 'tumors'],
  ['metastisis', 'metastasis'],
  ['metastisized', 'metastatic'],
  ['oesophageal', 'esophageal'],
  ['oesophagus', 'esophagus'],
  ['leukaemia', 'leukemia'],
  ['anaemia', 'anemia'],
  ['diarrhoea', 'diarrhea'],
  ['haematoma', 'hematoma'],
  ['oestrogen', 'estrogen'],
];

/**
 * Acronyms a consumer uses for a medical term: searched as the term OR the acronym. In mixed-case text any other
 * all-capital word of 2-6 characters (HER2, BRCA1) is kept as it is, except the non-medical ones below.
 */
export const ACRONYMS: Readonly<Record<string, string>> = {
  CML: 'chronic myeloid leukemia', AML: 'acute myeloid leukemia', CLL: 'chronic lymphocytic leukemia', NHL: 'non-hodgkin lymphoma',
  GIST: 'gastrointestinal stromal tumor', PSA: 'prostate-specific antigen', HCC: 'hepatocellular carcinoma', NSCLC: 'non-small cell lung cancer',
  SCLC: 'small cell lung cancer', DCIS: 'ductal carcinoma in situ', TNBC: 'triple-negative breast cancer', MDS: 'myelodysplastic syndromes',
  IPMN: 'intraductal papillary mucinous neoplasm', ED: 'erectile dysfunction', GI: 'gastrointestinal', UTI: 'urinary tract infection',
  HRT: 'hormone replacement therapy', ADT: 'androgen deprivation therapy', 'TDM-1': 'trastuzumab emtansine', 'T-DM1': 'trastuzumab emtansine',
  CVID: 'common variable immunodeficiency', NF1: 'neurofibromatosis type 1', MGUS: 'monoclonal gammopathy', COPD: 'chronic obstructive pulmonary disease',
  GERD: 'gastroesophageal reflux', IBS: 'irritable bowel syndrome', IBD: 'inflammatory bowel disease', DVT: 'deep vein thrombosis',
  HPV: 'human papillomavirus', EBV: 'epstein-barr virus', BPH: 'benign prostatic hyperplasia', CRC: 'colorectal cancer', RCC: 'renal cell carcinoma',
  MM: 'multiple myeloma', BCC: 'basal cell carcinoma', SCC: 'squamous cell carcinoma', CIPN: 'chemotherapy-induced peripheral neuropathy',
  CINV: 'chemotherapy-induced nausea and vomiting', CBD: 'cannabidiol', HIFU: 'high-intensity focused ultrasound', TURP: 'transurethral resection of prostate',
};

/** Medical acronyms kept as they are (also in all-capital text, where an acronym cannot be told from a shouted word). */
export const MEDICAL_ACRONYMS = new Set([
  ...Object.keys(ACRONYMS),
  ...words(`HER2 BRCA BRCA1 BRCA2 EGFR ALK KRAS BRAF PD-L1 PD1 PD-1 CAR-T MRI CT PET BCG HIV AIDS IVF CEA CA-125 CA125 AFP TSH
  PKU VMA ER PR HR MSI MMR TMB IMRT SBRT SRS ECOG TNM ICU IV PICC EKG ECG EEG DEXA HL NF2 MEN1 MEN2 RET NTRK ROS1 FLT3 IDH
  JAK2 CDK4 CDK6 PARP MTOR TKI ATRA APL DLBCL MCL CMML ALCL PTLD GVHD HSCT ASCT SCT CSF GCSF G-CSF INR PT PTT CBC LFT HPV16 BMI
  COVID COVID-19 PTSD ADHD UTI MS ALS CKD CHF AFIB HBV HCV CMV HSV RSV TB MRSA VRE`),
]);

/** All-capital words that are not medical (kept out of queries; never a name either). */
export const NON_MEDICAL_ACRONYMS = new Set(
  words(`USA US UK EU NIH NLM NCI FDA CDC WHO NHS TV ASAP PLS PLZ OK ID RE FYI BTW LOL PM AM DR MR MRS MS MD PHD RN NP PA
  FAQ URL PDF USD AND OR NOT THE IS ARE A AN I MY ME YOU HE SHE WE THEY IT`),
);

/** Suffixes that mark a drug, disease or procedure name (checked on words of 7+ letters). */
export const MEDICAL_SUFFIXES = words(`
itis osis oma omas emia aemia uria pathy algia plasia penia cytosis iasis ectasis ectomy otomy ostomy plasty scopy graphy
mab nib tinib zumab ximab umab platin taxel rubicin mycin cillin azole statin prazole olol pril sartan oxetine triptan
dronate parin cycline floxacin semide azepam zolam relin lutamide trozole trexate trexed ciclib parib zomib lidomide tidine
vir virus bacter coccus penem
`);

/** Word parts that mark a medical word (checked on unknown words of 8+ letters). */
export const MEDICAL_MORPHEMES = words(`
carcin sarcom lymph myel leuk onco neopla metasta cardi neur gastr hepat nephr derm oste pulmon thyro adren pancrea prostat
ovari mamm arthr hemat haemat thromb immun endocr hormon chemo radio cyto
`);

/** Relatives and others around the asker: a relative's description is the asker's story, never a search term. */
export const RELATIVE_WORDS = words(`
husband husbands wife wives spouse spouses partner partners boyfriend girlfriend fiance fiancee fiancé fiancée mom moms mum mums mommy
mother mothers dad dads daddy father fathers parent parents son sons daughter daughters child children kid kids baby babies
brother brothers sister sisters sibling siblings grandmother grandmothers grandfather grandfathers grandma grandpa granny
grandparent grandparents grandson grandsons granddaughter granddaughters grandchild grandchildren uncle uncles aunt aunts auntie
cousin cousins nephew nephews niece nieces stepson stepdaughter stepmother stepfather stepmom stepdad friend friends neighbor
neighbour neighbors neighbours boss coworker colleague relative relatives in-law in-laws
`);

/** Relatives that are never a medical word on their own (a bare "husband" in a query is a story word). */
export const PERSONAL_RELATIVES = new Set(
  words(`husband wife spouse boyfriend girlfriend fiance fiancee fiancé fiancée mom mum mommy dad daddy grandma grandpa
  granny grandson granddaughter uncle aunt auntie cousin nephew niece stepson stepdaughter stepmother stepfather stepmom stepdad
  son brother in-law`),
);

/** Common first names (a compact list; names that are also common words, such as Will, May or Grace, are left out). */
export const FIRST_NAMES = set(`
james john robert michael william david richard joseph thomas charles christopher daniel matthew anthony donald steven paul andrew
joshua kenneth kevin brian george timothy ronald edward jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin
scott brandon benjamin samuel gregory alexander patrick dennis jerry tyler aaron jose adam nathan henry douglas zachary peter kyle
noah ethan jeremy walter keith roger terry austin sean gerald carl harold dylan arthur lawrence jordan jesse bryan billy
bruce gabriel joe logan alan juan albert willie elijah randy wayne vincent russell louis bobby philip johnny mary patricia jennifer
linda elizabeth barbara susan jessica sarah karen lisa nancy betty sandra margaret ashley kimberly emily donna michelle carol
amanda melissa deborah stephanie rebecca sharon laura cynthia dorothy amy kathleen angela shirley brenda emma anna pamela nicole
samantha katherine christine helen debra rachel carolyn janet maria catherine heather diane olivia julie victoria kelly christina
lauren joan evelyn judith andrea hannah megan cheryl jacqueline martha gloria teresa sara madison kathryn janice jean abigail
alice judy sophia denise beverly danielle marilyn isabella theresa diana natalie brittany charlotte marie kayla alexis lori
priya rahul amit sunita anita ravi vijay sanjay deepak suresh ramesh rajesh kumar sharma singh patel gupta mohammed muhammad
ahmed ali fatima aisha omar hassan hussein ibrahim mustafa yusuf carlos luis miguel jorge pedro lucia sofia elena rosa
carmen javier antonio manuel francisco alejandro wei zhang wang chen liu yang huang zhao kim nguyen tran
hiroshi yuki kenji smith johnson williams jones garcia miller davis rodriguez martinez hernandez lopez gonzalez
anderson taylor moore jackson martin thompson harris lewis robinson allen torres flores adams nelson rivera campbell mitchell
roberts
`);

/** Countries, regions, US states and big cities (a compact list, not a gazetteer). */
export const PLACES = [
  // regions and countries
  ...words(`Africa Asia Europe America Americas Australia Canada Mexico Brazil Argentina Chile Colombia Peru Venezuela Cuba
  Jamaica England Scotland Wales Ireland Britain France Germany Spain Portugal Italy Greece Netherlands Belgium Switzerland Austria
  Poland Sweden Norway Denmark Finland Iceland Russia Ukraine Romania Hungary Bulgaria Serbia Croatia Czechia Slovakia Israel
  Palestine Lebanon Syria Iraq Iran Afghanistan Pakistan India Bangladesh Nepal Lanka China Japan Korea Taiwan Vietnam Thailand
  Malaysia Singapore Indonesia Philippines Egypt Libya Tunisia Algeria Morocco Nigeria Ghana Kenya Ethiopia Somalia Sudan Uganda
  Tanzania Zimbabwe Zambia Cameroon Senegal Saudi Arabia Emirates Qatar Kuwait Oman Yemen Bahrain Kazakhstan Uzbekistan
  Gujarat Punjab Kerala Maharashtra Karnataka Bengal Ontario Quebec Alberta Manitoba Victoria Queensland`),
  // US states (two-word ones as phrases below)
  ...words(`Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho Illinois Indiana
  Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada Ohio
  Oklahoma Oregon Pennsylvania Tennessee Texas Utah Vermont Virginia Washington Wisconsin Wyoming`),
  // big cities
  ...words(`London Paris Berlin Madrid Rome Milan Amsterdam Brussels Vienna Zurich Geneva Dublin Edinburgh Glasgow Manchester
  Liverpool Birmingham Leeds Toronto Montreal Vancouver Calgary Ottawa Sydney Melbourne Brisbane Perth Auckland Mumbai Delhi
  Bangalore Chennai Kolkata Hyderabad Pune Ahmedabad Karachi Lahore Dhaka Beijing Shanghai Tokyo Osaka Seoul Manila Jakarta
  Bangkok Cairo Lagos Nairobi Johannesburg Dubai Riyadh Tehran Istanbul Moscow Chicago Houston Phoenix Philadelphia Dallas
  Boston Seattle Denver Atlanta Miami Detroit Baltimore Portland Minneapolis Cleveland Pittsburgh Cincinnati Nashville Memphis
  Milwaukee Sacramento Orlando Tampa Honolulu Albuquerque Tucson Omaha Tulsa Brooklyn Manhattan Bronx Queens`),
];

/** Places of more than one word. */
export const PLACE_PHRASES = [
  'New York', 'New Jersey', 'New Mexico', 'New Hampshire', 'North Carolina', 'South Carolina', 'North Dakota', 'South Dakota',
  'West Virginia', 'Rhode Island', 'United States', 'United Kingdom', 'Los Angeles', 'San Francisco', 'San Diego', 'San Antonio',
  'San Jose', 'Las Vegas', 'New Orleans', 'Salt Lake City', 'Kansas City', 'St. Louis', 'Saint Louis', 'Hong Kong', 'South Africa',
  'New Zealand', 'Sri Lanka', 'Saudi Arabia', 'Puerto Rico', 'El Paso', 'Fort Worth', 'Tel Aviv', 'Abu Dhabi', 'Buenos Aires',
  'Rio de Janeiro', 'Sao Paulo', 'Mexico City', 'Costa Rica', 'Dominican Republic', 'Ivory Coast', 'Middle East', 'United Arab Emirates',
];

/**
 * The organs of "<organ> cancer", as the phrase is searched, and the MeSH heading of that cancer where there is one
 * (PubMed searches it beside the phrase).
 */
export const ORGANS: Readonly<Record<string, { adjective: string; mesh?: string }>> = {
  breast: { adjective: 'breast', mesh: 'Breast Neoplasms' },
  lung: { adjective: 'lung', mesh: 'Lung Neoplasms' },
  lungs: { adjective: 'lung', mesh: 'Lung Neoplasms' },
  liver: { adjective: 'liver', mesh: 'Liver Neoplasms' },
  colon: { adjective: 'colon', mesh: 'Colonic Neoplasms' },
  colorectal: { adjective: 'colorectal', mesh: 'Colorectal Neoplasms' },
  rectal: { adjective: 'rectal', mesh: 'Rectal Neoplasms' },
  rectum: { adjective: 'rectal', mesh: 'Rectal Neoplasms' },
  bowel: { adjective: 'bowel', mesh: 'Colorectal Neoplasms' },
  stomach: { adjective: 'stomach', mesh: 'Stomach Neoplasms' },
  gastric: { adjective: 'gastric', mesh: 'Stomach Neoplasms' },
  esophagus: { adjective: 'esophageal', mesh: 'Esophageal Neoplasms' },
  esophageal: { adjective: 'esophageal', mesh: 'Esophageal Neoplasms' },
  pancreas: { adjective: 'pancreatic', mesh: 'Pancreatic Neoplasms' },
  pancreatic: { adjective: 'pancreatic', mesh: 'Pancreatic Neoplasms' },
  kidney: { adjective: 'kidney', mesh: 'Kidney Neoplasms' },
  renal: { adjective: 'renal', mesh: 'Kidney Neoplasms' },
  bladder: { adjective: 'bladder', mesh: 'Urinary Bladder Neoplasms' },
  prostate: { adjective: 'prostate', mesh: 'Prostatic Neoplasms' },
  testicular: { adjective: 'testicular', mesh: 'Testicular Neoplasms' },
  ovarian: { adjective: 'ovarian', mesh: 'Ovarian Neoplasms' },
  ovary: { adjective: 'ovarian', mesh: 'Ovarian Neoplasms' },
  uterine: { adjective: 'uterine', mesh: 'Uterine Neoplasms' },
  uterus: { adjective: 'uterine', mesh: 'Uterine Neoplasms' },
  endometrial: { adjective: 'endometrial', mesh: 'Endometrial Neoplasms' },
  cervical: { adjective: 'cervical', mesh: 'Uterine Cervical Neoplasms' },
  cervix: { adjective: 'cervical', mesh: 'Uterine Cervical Neoplasms' },
  skin: { adjective: 'skin', mesh: 'Skin Neoplasms' },
  bone: { adjective: 'bone', mesh: 'Bone Neoplasms' },
  brain: { adjective: 'brain', mesh: 'Brain Neoplasms' },
  spinal: { adjective: 'spinal', mesh: 'Spinal Neoplasms' },
  spine: { adjective: 'spinal', mesh: 'Spinal Neoplasms' },
  thyroid: { adjective: 'thyroid', mesh: 'Thyroid Neoplasms' },
  throat: { adjective: 'throat', mesh: 'Pharyngeal Neoplasms' },
  oral: { adjective: 'oral', mesh: 'Mouth Neoplasms' },
  mouth: { adjective: 'mouth', mesh: 'Mouth Neoplasms' },
  tongue: { adjective: 'tongue', mesh: 'Tongue Neoplasms' },
  head: { adjective: 'head and neck', mesh: 'Head and Neck Neoplasms' },
  neck: { adjective: 'neck', mesh: 'Head and Neck Neoplasms' },
  blood: { adjective: 'blood', mesh: 'Hematologic Neoplasms' },
  marrow: { adjective: 'bone marrow', mesh: 'Bone Marrow Neoplasms' },
  adrenal: { adjective: 'adrenal', mesh: 'Adrenal Gland Neoplasms' },
  anal: { adjective: 'anal', mesh: 'Anus Neoplasms' },
  vulvar: { adjective: 'vulvar', mesh: 'Vulvar Neoplasms' },
  vaginal: { adjective: 'vaginal', mesh: 'Vaginal Neoplasms' },
  penile: { adjective: 'penile', mesh: 'Penile Neoplasms' },
  eye: { adjective: 'eye', mesh: 'Eye Neoplasms' },
  gallbladder: { adjective: 'gallbladder', mesh: 'Gallbladder Neoplasms' },
  laryngeal: { adjective: 'laryngeal', mesh: 'Laryngeal Neoplasms' },
  larynx: { adjective: 'laryngeal', mesh: 'Laryngeal Neoplasms' },
  salivary: { adjective: 'salivary gland', mesh: 'Salivary Gland Neoplasms' },
  pituitary: { adjective: 'pituitary', mesh: 'Pituitary Neoplasms' },
  facial: { adjective: 'facial', mesh: 'Facial Neoplasms' },
  face: { adjective: 'facial', mesh: 'Facial Neoplasms' },
  nasopharyngeal: { adjective: 'nasopharyngeal', mesh: 'Nasopharyngeal Neoplasms' },
};

/** The nouns of "<organ> cancer" and how they are searched. */
export const CANCER_NOUNS: Readonly<Record<string, string>> = {
  cancer: 'cancer', cancers: 'cancer', ca: 'cancer', carcinoma: 'carcinoma', carcinomas: 'carcinoma', adenocarcinoma: 'adenocarcinoma',
  tumor: 'tumor', tumors: 'tumor', tumour: 'tumor', tumours: 'tumor', neoplasm: 'neoplasm', neoplasms: 'neoplasm', metastasis: 'metastases',
  metastases: 'metastases', mets: 'metastases', sarcoma: 'sarcoma', lymphoma: 'lymphoma', melanoma: 'melanoma', malignancy: 'cancer',
};

/** Words before "<organ> cancer" that belong to the phrase ("metastatic breast cancer", "small cell lung cancer"). */
export const CANCER_MODIFIERS = new Set(words(`metastatic malignant advanced inflammatory recurrent triple-negative her2-positive
  non-small small squamous basal ductal lobular invasive papillary follicular medullary anaplastic hormone-receptor-positive
  castration-resistant`));

/**
 * Medical phrases searched as phrases (after the lay terms above are mapped). A phrase of two or more words that is
 * not "<organ> cancer".
 */
export const MEDICAL_PHRASES = [
  'hairy cell leukemia', 'chronic myeloid leukemia', 'chronic myelogenous leukemia', 'acute myeloid leukemia', 'acute myelogenous leukemia',
  'acute lymphoblastic leukemia', 'chronic lymphocytic leukemia', 'myelogenous leukemia', 'lymphocytic leukemia', 'myeloid leukemia',
  'multiple myeloma', 'hodgkin lymphoma', 'non-hodgkin lymphoma', 'non-hodgkin\'s lymphoma', 'hodgkin\'s lymphoma', 'mantle cell lymphoma',
  'follicular lymphoma', 'basal cell carcinoma', 'squamous cell carcinoma', 'merkel cell carcinoma', 'ductal carcinoma in situ',
  'small cell lung cancer', 'non-small cell lung cancer', 'hepatocellular carcinoma', 'renal cell carcinoma', 'gastrointestinal stromal tumor',
  'ewing sarcoma', 'ewing\'s sarcoma', 'ewings sarcoma', 'kaposi sarcoma', 'soft tissue sarcoma', 'optic glioma', 'optic pathway glioma',
  'acoustic neuroma', 'brain tumor', 'brain tumors', 'spinal tumor', 'spinal tumors', 'neuroendocrine tumor', 'carcinoid tumor',
  'myelodysplastic syndrome', 'myelodysplastic syndromes', 'intraductal papillary mucinous neoplasm', 'cancer of unknown primary',
  'cancer-related cognitive impairment', 'cancer-related fatigue', 'hot flashes', 'night sweats',
  'peripheral neuropathy', 'foot drop', 'wrist drop', 'lymph nodes', 'lymph node', 'bone marrow', 'bone marrow transplantation', 'stem cell', 'stem cells',
  'hematopoietic stem cell transplantation', 'stem cell therapy', 'skin graft', 'radical neck dissection', 'neck dissection',
  'hormone therapy', 'hormone replacement therapy', 'targeted therapy', 'radiation therapy', 'proton therapy', 'genetic testing',
  'genetic test', 'genetic counseling', 'clinical trial', 'clinical trials', 'blood test', 'blood tests', 'pap smear', 'ct scan', 'pet scan',
  'bone scan', 'upper gi', 'vitamin a', 'vitamin b12', 'vitamin b6', 'vitamin c', 'vitamin d', 'vitamin e', 'vitamin k', 'fish oil',
  'green tea', 'oral mucositis', 'oral contraceptives', 'complementary therapies', 'weight loss', 'weight gain', 'abdominal pain', 'bone pain',
  'back pain', 'chest pain', 'joint pain', 'muscle pain', 'erectile dysfunction', 'urinary incontinence', 'sexual dysfunction',
  'quality of life', 'palliative care', 'hospice care', 'end of life',
  'pleural effusion', 'blood clot', 'blood clots', 'deep vein thrombosis', 'pulmonary embolism', 'myocardial infarction',
  'heart failure', 'kidney failure', 'liver failure', 'kidney stones', 'high-intensity focused ultrasound', 'focused ultrasound',
  'immune system', 'white blood cells', 'red blood cells', 'platelet count', 'tumor markers', 'tumor marker', 'gleason score',
  'psa test', 'psa level', 'aromatase inhibitor', 'aromatase inhibitors', 'checkpoint inhibitor', 'checkpoint inhibitors',
  'monoclonal antibody', 'car-t cell therapy', 'car t-cell therapy', 'watchful waiting', 'active surveillance', 'salivary gland',
  'thyroid gland', 'adrenal gland', 'pituitary gland', 'zoledronic acid', 'folic acid', 'trastuzumab emtansine', 'residual disease',
  'minimal residual disease', 'family history', 'breast lump', 'neck lump', 'breast reconstruction', 'anal fissure', 'hepatitis b', 'hepatitis c', 'type 2 diabetes', 'type 1 diabetes', 'down syndrome', 'lynch syndrome',
  'li-fraumeni syndrome', 'cowden syndrome', 'gorlin syndrome', 'gorlin goltz syndrome', 'sheehan syndrome', 'sheehan\'s syndrome',
  'noonan syndrome', 'cushing syndrome', 'cushing\'s syndrome', 'lyme disease', 'crohn\'s disease', 'crohns disease', 'celiac disease',
  'epstein-barr virus', 'bcg vaccine', 'immune checkpoint', 'radioactive iodine', 'estrogen receptor', 'hormone receptor',
];

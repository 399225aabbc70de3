import { AnswerKind, DEMO_ACCOUNTS, Role } from '@cqa/contracts';
import { reindexQuestion } from '../../modules/questions/question-search';
import type { DataSource } from 'typeorm';

interface DemoAnswer {
  kind: AnswerKind;
  text: string;
  explanation?: string;
  sources: string[];
  searchMethod?: string;
  /** Rated by the demo patient (and, when not the demo expert's own, by the demo expert). */
  rating?: { patient?: [number, string | null]; expert?: [number, string | null] };
}

interface DemoQuestion {
  text: string;
  cancerType: string | null;
  askedBy: 'patient' | 'admin';
  daysAgo: number;
  answers: DemoAnswer[];
}

/** A few questions with answers of every kind, so the dashboards of a fresh `npm start` are not empty. */
const DEMO_QUESTIONS: DemoQuestion[] = [
  {
    text: 'What are the most common side effects of tamoxifen, and how can I manage them?',
    cancerType: 'Breast Cancer', askedBy: 'patient', daysAgo: 9,
    answers: [
      {
        kind: 'ai',
        text: 'The most common side effects are **hot flashes**, vaginal dryness and mood changes.\nLess common but serious: blood clots and endometrial changes.',
        sources: ['https://www.cancer.gov/about-cancer/treatment/drugs/tamoxifencitrate'],
        rating: { patient: [4, 'Clear overview.'], expert: [4, 'Accuracy 4, Relevance 5, Specificity 3, Completeness 4, Scientific merit 4'] },
      },
      {
        kind: 'expert',
        text: 'Hot flashes often ease after the first months. Low-dose venlafaxine helps many patients; avoid paroxetine and fluoxetine, which weaken tamoxifen.\n\nReport leg swelling or unusual bleeding promptly.',
        explanation: 'CYP2D6 inhibitors reduce conversion of tamoxifen to endoxifen; venlafaxine is a weak inhibitor with trial evidence for hot flashes.',
        sources: ['https://pubmed.ncbi.nlm.nih.gov/?term=venlafaxine+hot+flashes+tamoxifen'],
        searchMethod: 'PubMed review of randomised trials',
        rating: { patient: [5, 'Exactly what I needed, thank you.'] },
      },
      {
        kind: 'quora',
        text: 'I was on tamoxifen for five years. Evening exercise and a cool bedroom helped my night sweats more than anything else.',
        sources: ['https://www.reddit.com/r/breastcancer/'],
      },
      {
        kind: 'deep_research',
        text: '## Summary\nAcross 14 studies, hot flashes affect up to 80% of patients on tamoxifen. Non-hormonal options with evidence: venlafaxine, gabapentin, oxybutynin, and cognitive behavioural therapy.',
        sources: ['https://pubmed.ncbi.nlm.nih.gov/', 'https://www.cochranelibrary.com/'],
      },
    ],
  },
  {
    text: 'Is immunotherapy an option for stage 3 non-small cell lung cancer?',
    cancerType: 'Lung Cancer', askedBy: 'patient', daysAgo: 6,
    answers: [
      {
        kind: 'ai',
        text: 'Yes. After chemoradiation, **durvalumab** consolidation is a standard option for unresectable stage 3 NSCLC.',
        sources: ['https://www.nejm.org/doi/full/10.1056/NEJMoa1709937'],
      },
      {
        kind: 'deep_research',
        text: 'The PACIFIC trial showed improved overall survival with durvalumab after chemoradiotherapy; benefit depends on PD-L1 expression.',
        sources: ['https://www.nejm.org/doi/full/10.1056/NEJMoa1809697'],
      },
    ],
  },
  {
    text: 'How much exercise is safe during chemotherapy?',
    cancerType: null, askedBy: 'admin', daysAgo: 4,
    answers: [
      {
        kind: 'ai',
        text: 'Guidelines suggest about 150 minutes of moderate activity a week if your care team agrees; rest on days with severe fatigue or low blood counts.',
        sources: ['https://www.acsm.org/'],
      },
      {
        kind: 'quora',
        text: 'Short walks every day kept me sane during chemo. Some days it was only ten minutes, and that was fine.',
        sources: ['https://www.quora.com/'],
      },
    ],
  },
  {
    text: 'Which foods help with fatigue during chemotherapy for colon cancer?',
    cancerType: 'Colorectal Cancer', askedBy: 'patient', daysAgo: 2,
    answers: [
      {
        kind: 'expert',
        text: 'Small frequent meals with protein at each one, plenty of fluids, and checking for anaemia or low vitamin D.',
        explanation: 'Fatigue during chemotherapy is multifactorial; correcting treatable causes comes first.',
        sources: ['https://www.nccn.org/patients/guidelines/content/PDF/fatigue-patient.pdf'],
        searchMethod: 'NCCN patient guidelines',
      },
    ],
  },
  {
    text: 'Should I consider active surveillance for low-risk prostate cancer?',
    cancerType: 'Prostate Cancer', askedBy: 'patient', daysAgo: 1,
    answers: [],
  },
];

const demoEmail = (role: Role) => DEMO_ACCOUNTS.find((a) => a.role === role)!.email;

/**
 * Adds the demo questions that are missing (matched by text), with their answers and ratings; running it twice changes
 * nothing. Needs the demo accounts. Returns how many questions it added.
 */
export async function seedDemoQuestions(ds: DataSource): Promise<number> {
  const ids = async (role: Role) =>
    ((await ds.query('SELECT u.id, u.first_name, p.id AS patient_id FROM users u LEFT JOIN patients p ON p.user_id = u.id WHERE u.email = ?', [demoEmail(role)])) as
      { id: string; first_name: string; patient_id: string | null }[])[0];
  const [patient, expert, admin] = [await ids('patient'), await ids('expert'), await ids('admin')];
  if (!patient?.patient_id || !expert || !admin) return 0;

  let added = 0;
  for (const question of DEMO_QUESTIONS) {
    const [present] = (await ds.query('SELECT COUNT(*) AS n FROM cancer_questions WHERE question_text = ?', [question.text])) as { n: string }[];
    if (Number(present!.n) > 0) continue;
    await ds.transaction(async (manager) => {
      const byPatient = question.askedBy === 'patient';
      const created = (await manager.query(
        'INSERT INTO cancer_questions (question_text, cancer_type, user_id, patient_id, created_at) VALUES (?, ?, ?, ?, NOW(3) - INTERVAL ? DAY)',
        [question.text, question.cancerType, byPatient ? patient.id : admin.id, byPatient ? patient.patient_id : null, question.daysAgo],
      )) as { insertId: number };
      for (const [index, a] of question.answers.entries()) {
        const isExpert = a.kind === 'expert';
        const answer = (await manager.query(
          `INSERT INTO cancer_answers (question_id, answer_type, answer_text, explanation_logic, sources, search_method, expert_name, expert_id, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, NOW(3) - INTERVAL ? DAY + INTERVAL ? HOUR)`,
          [created.insertId, a.kind, a.text, a.explanation ?? null, JSON.stringify(a.sources), a.searchMethod ?? null,
            isExpert ? expert.first_name : null, isExpert ? expert.id : null, question.daysAgo, index + 1],
        )) as { insertId: number };
        if (a.rating?.patient) {
          await manager.query('INSERT INTO ratings_feedback (answer_id, rating, feedback, patient_id) VALUES (?, ?, ?, ?)', [answer.insertId, ...a.rating.patient, patient.patient_id]);
        }
        if (a.rating?.expert && !isExpert) {
          await manager.query('INSERT INTO ratings_feedback (answer_id, rating, feedback, expert_id) VALUES (?, ?, ?, ?)', [answer.insertId, ...a.rating.expert, expert.id]);
        }
      }
      await manager.query(
        `UPDATE cancer_questions SET answers_count = ?, has_expert_answer = ? WHERE id = ?`,
        [question.answers.length, question.answers.some((a) => a.kind === 'expert') ? 1 : 0, created.insertId],
      );
      await reindexQuestion((sql, params) => manager.query(sql, params), created.insertId);
    });
    added += 1;
  }
  return added;
}

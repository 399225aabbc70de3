import {
  AiAnswerDetails, AnswerView, CitedSource, DashboardStats, Messages, QuestionApiTexts, QuestionDetail, QuestionFilter, QuestionListResponse,
  QuestionPaths, QuestionSummary,
} from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call, createUser } from '../../../test/accounts-helpers';
import { AnswerRetractionsRepository } from '../answers/answer-retractions.repository';
import { ResearchRepository } from '../answers/research/research.repository';
import { reindexQuestions } from './question-search';
import { Actor, actor, answer, ask, errorText, EXPERT_FIELDS, uniqueWord } from './test/questions-helpers';

describe('questions over HTTP', () => {
  let api: RunningApi;
  let ds: DataSource;
  let patient: Actor;
  let otherPatient: Actor;
  let expert: Actor;
  let admin: Actor;
  beforeAll(async () => {
    api = await startApi();
    ds = api.app.get(DataSource);
    [patient, otherPatient, expert, admin] = [
      await actor(api, 'patient'), await actor(api, 'patient'), await actor(api, 'expert'), await actor(api, 'admin'),
    ];
  });
  afterAll(async () => { await api.close(); });

  const list = (who: Actor, query: string) => call<QuestionListResponse>(api, 'GET', `${QuestionPaths.list}?${query}`, { token: who.token });
  const detail = (who: Actor, id: number) => call<QuestionDetail>(api, 'GET', QuestionPaths.one(id), { token: who.token });
  const patientIdOf = async (who: Actor) => ((await ds.query('SELECT id FROM patients WHERE user_id = ?', [who.id])) as { id: string }[])[0]!.id;

  describe('asking', () => {
    it('lets a patient ask: the question carries their patient record and shows in the list', async () => {
      const word = uniqueWord();
      const created = await call<{ id: number }>(api, 'POST', QuestionPaths.list, {
        token: patient.token, body: { question_text: `  Does ${word} help with fatigue after chemo?  `, cancer_type: 'Breast Cancer' },
      });
      expect(created.status).toBe(201);
      const shown = await detail(patient, created.body.id);
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({
        id: created.body.id, question_text: `Does ${word} help with fatigue after chemo?`, cancer_type: 'Breast Cancer',
        patient_id: await patientIdOf(patient), answers_count: 0, has_expert_answer: false,
        answers: { ai: [], quora: [], expert: [], deep_research: [] },
      });
      expect(Object.keys(shown.body)).not.toContain('user_id');
      const listed = await list(expert, `q=${word}`);
      expect(listed.body.items.map((q) => q.id)).toEqual([created.body.id]);
    });

    it('shows which patient asked only to experts and admins (and to the asking patient on their own question)', async () => {
      const word = uniqueWord();
      const id = await ask(api, patient, `Is ${word} safe during radiotherapy sessions?`);
      const own = await patientIdOf(patient);
      for (const who of [expert, admin]) {
        expect((await list(who, `q=${word}`)).body.items[0]).toMatchObject({ id, patient_id: own });
        expect((await detail(who, id)).body.patient_id).toBe(own);
      }
      for (const who of [patient, otherPatient]) {
        const listed = await list(who, `q=${word}`);
        expect(listed.body.items.map((q) => q.id)).toEqual([id]);
        expect(Object.keys(listed.body.items[0]!)).not.toContain('patient_id');
      }
      expect(Object.keys((await detail(otherPatient, id)).body)).not.toContain('patient_id');
      expect((await detail(patient, id)).body.patient_id).toBe(own);
    });

    it("lets an admin create a question by hand, shown without a patient ('Anonymous') and 'General' without a type", async () => {
      const id = await ask(api, admin, 'A question created manually by the admin.');
      const shown = await detail(admin, id);
      expect(shown.body).toMatchObject({ patient_id: null, cancer_type: 'General' });
    });

    it('refuses experts (403) and anonymous callers (401)', async () => {
      const body = { question_text: 'Can an expert ask a question here?' };
      expect((await call(api, 'POST', QuestionPaths.list, { token: expert.token, body })).status).toBe(403);
      expect((await call(api, 'POST', QuestionPaths.list, { body })).status).toBe(401);
    });

    it("answers 'Patient not found for the given user ID' to a patient without a patient record", async () => {
      const orphan = await actor(api, 'patient');
      await ds.query('DELETE FROM patients WHERE user_id = ?', [orphan.id]);
      const result = await call(api, 'POST', QuestionPaths.list, { token: orphan.token, body: { question_text: 'A question without a record.' } });
      expect(result.status).toBe(404);
      expect(errorText(result)).toBe(Messages.validation.patientNotFoundForUser);
    });

    it('checks the question form rules with the spec texts', async () => {
      const post = (body: unknown) => call(api, 'POST', QuestionPaths.list, { token: patient.token, body });
      expect(errorText(await post({}))).toBe(Messages.validation.questionTextRequired);
      expect(errorText(await post({ question_text: '   ' }))).toBe(Messages.validation.questionTextRequired);
      expect(errorText(await post({ question_text: 'Too short' }))).toBe(Messages.validation.questionTooShort);
      expect(errorText(await post({ question_text: '  123456789  ' }))).toBe(Messages.validation.questionTooShort);
      expect((await post({ question_text: '1234567890' })).status).toBe(201);
      const badType = await post({ question_text: 'A question with an odd type.', cancer_type: 'Space Cancer' });
      expect(badType.status).toBe(400);
      expect(errorText(badType)).toBe(QuestionApiTexts.cancerTypeInvalid);
      expect((await post({ question_text: 'A question with a user id.', user_id: patient.id })).status).toBe(400);
    });

    it('answers 404 with the spec text for an unknown or malformed question id', async () => {
      for (const id of [999999999, 'abc', 0, -3]) {
        const result = await call(api, 'GET', `/api/questions/${id}`, { token: patient.token });
        expect(result.status).toBe(404);
        expect(errorText(result)).toBe(Messages.errors.questionNotFound);
      }
    });
  });

  describe('editing and deleting', () => {
    it('lets a patient edit the text and cancer type of their own question (PATCH and PUT)', async () => {
      const id = await ask(api, patient, 'What should I eat during radiotherapy?', 'Lung Cancer');
      const edited = await call<QuestionSummary>(api, 'PATCH', QuestionPaths.one(id), {
        token: patient.token, body: { question_text: 'What should I eat during radiation therapy?' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id, question_text: 'What should I eat during radiation therapy?', cancer_type: 'Lung Cancer' });
      const retyped = await call<QuestionSummary>(api, 'PUT', QuestionPaths.one(id), { token: patient.token, body: { cancer_type: 'Melanoma' } });
      expect(retyped.body).toMatchObject({ question_text: 'What should I eat during radiation therapy?', cancer_type: 'Melanoma' });
      const general = await call<QuestionSummary>(api, 'PATCH', QuestionPaths.one(id), { token: patient.token, body: { cancer_type: '' } });
      expect(general.body.cancer_type).toBe('General');
      const short = await call(api, 'PATCH', QuestionPaths.one(id), { token: patient.token, body: { question_text: 'short' } });
      expect(errorText(short)).toBe(Messages.validation.questionTooShort);
      const other = await call(api, 'PATCH', QuestionPaths.one(id), { token: patient.token, body: { patient_id: null } });
      expect(other.status).toBe(400);
    });

    it("refuses a patient editing another patient's question and an expert editing any (403); lets an admin edit any", async () => {
      const id = await ask(api, patient, 'Is intermittent fasting safe with chemo?');
      const body = { question_text: 'Rewritten by someone else entirely.' };
      const byOther = await call(api, 'PATCH', QuestionPaths.one(id), { token: otherPatient.token, body });
      expect(byOther.status).toBe(403);
      expect(errorText(byOther)).toBe(QuestionApiTexts.notYourQuestion);
      expect((await call(api, 'PATCH', QuestionPaths.one(id), { token: expert.token, body })).status).toBe(403);
      expect((await call(api, 'PATCH', QuestionPaths.one(id), { body })).status).toBe(401);
      expect((await detail(patient, id)).body.question_text).toBe('Is intermittent fasting safe with chemo?');
      const byAdmin = await call<QuestionSummary>(api, 'PATCH', QuestionPaths.one(id), { token: admin.token, body: { ...body, cancer_type: 'Leukemia' } });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body).toMatchObject({ question_text: body.question_text, cancer_type: 'Leukemia' });
      expect((await call(api, 'PATCH', QuestionPaths.one(999999999), { token: admin.token, body })).status).toBe(404);
    });

    it('lets only admins delete a question, taking its answers and ratings with it', async () => {
      const id = await ask(api, patient, 'Should I get a second opinion on staging?');
      const given = await answer(api, expert, id, { answer_text: 'Yes, usually.', ...EXPERT_FIELDS });
      expect((await call(api, 'PUT', QuestionPaths.rating(given.id), { token: patient.token, body: { rating: 5 } })).status).toBe(200);
      expect((await call(api, 'DELETE', QuestionPaths.one(id), { token: patient.token })).status).toBe(403);
      expect((await call(api, 'DELETE', QuestionPaths.one(id), { token: expert.token })).status).toBe(403);
      expect((await call(api, 'DELETE', QuestionPaths.one(id))).status).toBe(401);
      const deleted = await call(api, 'DELETE', QuestionPaths.one(id), { token: admin.token });
      expect(deleted.status).toBe(204);
      expect((await detail(admin, id)).status).toBe(404);
      const [left] = await ds.query(
        'SELECT (SELECT COUNT(*) FROM cancer_answers WHERE id = ?) AS answers, (SELECT COUNT(*) FROM ratings_feedback WHERE answer_id = ?) AS ratings',
        [given.id, given.id],
      );
      expect({ answers: Number(left.answers), ratings: Number(left.ratings) }).toEqual({ answers: 0, ratings: 0 });
      expect((await call(api, 'DELETE', QuestionPaths.one(id), { token: admin.token })).status).toBe(404);
    });
  });

  describe('retracted sources', () => {
    const cited = (title: string): CitedSource => ({
      number: 1, source: 'crossref', pmid: null, doi: `10.5555/${title.replace(/\W/g, '').toLowerCase()}`, nctId: null, title, journal: null, year: 2020,
      url: 'https://example.org/p', evidenceLevel: 'rct', retraction: 'clear',
    } as CitedSource);
    /** As the nightly re-check flags them, through their one writer each. */
    const flagAiAnswer = (answerId: number, title: string) => {
      const source = cited(title);
      return api.app.get(AnswerRetractionsRepository).flagRetracted({ answerId, details: { sources: [source] } as AiAnswerDetails }, source);
    };
    const flagRun = (runId: number, title: string) =>
      api.app.get(ResearchRepository, { strict: false }).flag(runId, `doi:${title}`, { title, url: 'https://example.org/p', doi: null, pmid: null });
    const marked = async (id: number) =>
      ((await ds.query('SELECT has_retracted_sources AS mark, updated_at FROM cancer_questions WHERE id = ?', [id])) as { mark: number; updated_at: Date }[])[0]!;

    it("shows on each answer the papers flagged retracted for it (its research run's, or its own), and on no other answer", async () => {
      // Each writer of flags on a question of its own: either one not marking the question shows here.
      const [researched, aiFlagged, unflagged] = [
        await ask(api, patient, 'Does exercise help during chemotherapy?'), await ask(api, patient, 'Does fasting help during chemotherapy?'),
        await ask(api, patient, 'Does yoga help during chemotherapy?'),
      ];
      const report = await answer(api, admin, researched, { answer_type: 'deep_research', answer_text: 'A report.', explanation_logic: 'x', sources: ['https://example.org/a'] });
      const plain = await answer(api, expert, researched, { answer_text: 'Often.', ...EXPERT_FIELDS });
      await answer(api, admin, researched, { answer_type: 'ai', answer_text: 'An AI view.' });
      const aiAnswer = await answer(api, admin, aiFlagged, { answer_type: 'ai', answer_text: 'Another AI view.' });
      await answer(api, admin, aiFlagged, { answer_type: 'ai', answer_text: 'A second AI view.' });
      await answer(api, admin, unflagged, { answer_type: 'ai', answer_text: 'A third AI view.' });
      const run = (await ds.query("INSERT INTO research_runs (question_id, status, stage, answer_id) VALUES (?, 'completed', 'done', ?)", [researched, report.id])) as { insertId: number };
      const before = await marked(researched);
      expect(Number(before.mark)).toBe(0);

      expect(await flagRun(Number(run.insertId), 'Trial R1')).toBe(true);
      expect(await flagRun(Number(run.insertId), 'Trial R2')).toBe(true);
      expect(await flagAiAnswer(aiAnswer.id, 'Trial A')).toBe(true);
      // The mark the detail reads the flags by; the question was not edited, so its updated_at stays.
      expect(await marked(researched)).toEqual({ ...before, mark: 1 });
      expect(Number((await marked(aiFlagged)).mark)).toBe(1);
      expect(Number((await marked(unflagged)).mark)).toBe(0);

      for (const who of [patient, expert, admin]) {
        const { body } = await detail(who, researched);
        expect([...body.answers.deep_research[0]!.retracted_sources].sort()).toEqual(['Trial R1', 'Trial R2']);
        expect(body.answers.ai[0]!.retracted_sources).toEqual([]);
        expect(body.answers.expert.find((a) => a.id === plain.id)!.retracted_sources).toEqual([]);
      }
      const ai = (await detail(patient, aiFlagged)).body.answers.ai;
      expect(ai.map((a) => [a.id, a.retracted_sources])).toEqual(ai.map((a) => [a.id, a.id === aiAnswer.id ? ['Trial A'] : []]));
      expect((await detail(patient, unflagged)).body.answers.ai[0]!.retracted_sources).toEqual([]);
      // The one-answer view (after rating, editing) reads the same flags.
      const rated = await call<AnswerView>(api, 'PUT', QuestionPaths.rating(aiAnswer.id), { token: patient.token, body: { rating: 4 } });
      expect(rated.body.retracted_sources).toEqual(['Trial A']);
      const ratedPlain = await call<AnswerView>(api, 'PUT', QuestionPaths.rating(plain.id), { token: patient.token, body: { rating: 4 } });
      expect(ratedPlain.body.retracted_sources).toEqual([]);
    });
  });

  describe('the list', () => {
    // A known set of questions, alone in the table: newest last in this array.
    let ids: Record<string, number>;
    beforeAll(async () => {
      await ds.query('DELETE FROM cancer_questions');
      ids = {};
      const plan: [string, string | undefined, 'expert' | 'ai' | null][] = [
        ['breastAnswered', 'Breast Cancer', 'expert'],
        ['breastAiOnly', 'Breast Cancer', 'ai'],
        ['lungOpen', 'Lung Cancer', null],
        ['generalNone', undefined, null],
        ['generalAnswered', undefined, 'expert'],
      ];
      for (const [name, type, kind] of plan) {
        ids[name] = await ask(api, patient, `Question named ${name} for the list tests.`, type);
        if (kind === 'expert') await answer(api, expert, ids[name]!, { answer_text: 'An expert view.', ...EXPERT_FIELDS });
        if (kind === 'ai') await answer(api, admin, ids[name]!, { answer_type: 'ai', answer_text: 'An AI view.' });
      }
      // Stored the ways older writers stored 'no type'.
      await ds.query("UPDATE cancer_questions SET cancer_type = 'undefined' WHERE id = ?", [ids.generalNone]);
      await ds.query("UPDATE cancer_questions SET cancer_type = '' WHERE id = ?", [ids.generalAnswered]);
    });
    const idsOf = (r: { body: QuestionListResponse }) => r.body.items.map((q) => q.id);

    it('lists newest first with counts, 10 per page by default', async () => {
      const all = await list(patient, '');
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ page: 1, per_page: 10 });
      expect(idsOf(all)).toEqual([ids.generalAnswered, ids.generalNone, ids.lungOpen, ids.breastAiOnly, ids.breastAnswered]);
      expect(all.body.items[0]).toMatchObject({ cancer_type: 'General', answers_count: 1, has_expert_answer: true });
      expect(all.body.items[1]).toMatchObject({ cancer_type: 'General', answers_count: 0, has_expert_answer: false });
      expect(all.body.items[3]).toMatchObject({ cancer_type: 'Breast Cancer', answers_count: 1, has_expert_answer: false });
    });

    it('filters answered (an expert answer) and unanswered, by cancer type, General, and both', async () => {
      expect(idsOf(await list(expert, 'filter=answered'))).toEqual([ids.generalAnswered, ids.breastAnswered]);
      expect(idsOf(await list(expert, 'filter=unanswered'))).toEqual([ids.generalNone, ids.lungOpen, ids.breastAiOnly]);
      expect(idsOf(await list(expert, 'filter=all&cancer_type=Breast%20Cancer'))).toEqual([ids.breastAiOnly, ids.breastAnswered]);
      expect(idsOf(await list(expert, 'cancer_type=General'))).toEqual([ids.generalAnswered, ids.generalNone]);
      expect(idsOf(await list(expert, 'filter=unanswered&cancer_type=General'))).toEqual([ids.generalNone]);
      expect(idsOf(await list(admin, 'filter=answered&cancer_type=Breast%20Cancer'))).toEqual([ids.breastAnswered]);
      expect(idsOf(await list(admin, 'cancer_type=Melanoma'))).toEqual([]);
      expect((await list(admin, 'filter=everything')).status).toBe(400);
    });

    it("lists only the calling patient's own questions with scope=mine (with the filters and search), and refuses it to other roles", async () => {
      const theirs = await ask(api, otherPatient, 'Question named theirsOnly for the list tests.');
      expect(idsOf(await list(patient, 'scope=mine'))).toEqual([ids.generalAnswered, ids.generalNone, ids.lungOpen, ids.breastAiOnly, ids.breastAnswered]);
      expect(idsOf(await list(otherPatient, 'scope=mine'))).toEqual([theirs]);
      expect(idsOf(await list(otherPatient, 'scope=all'))).toContain(ids.lungOpen);
      expect(idsOf(await list(patient, 'scope=mine&filter=answered&cancer_type=Breast%20Cancer'))).toEqual([ids.breastAnswered]);
      expect(idsOf(await list(otherPatient, 'scope=mine&q=named'))).toEqual([theirs]);
      expect(idsOf(await list(otherPatient, 'scope=mine&q=lungOpen'))).toEqual([]);
      for (const staff of [expert, admin]) {
        const refused = await list(staff, 'scope=mine');
        expect(refused.status).toBe(400);
        expect((refused.body as unknown as { message: string }).message).toBe(QuestionApiTexts.mineForPatientsOnly);
      }
      expect((await list(patient, 'scope=theirs')).status).toBe(400);
      await ds.query('DELETE FROM cancer_questions WHERE id = ?', [theirs]);
    });

    it('pages without overlap, newest first, and refuses page 0 and more than 50 per page', async () => {
      const first = await list(patient, 'per_page=2&page=1');
      const second = await list(patient, 'per_page=2&page=2');
      const third = await list(patient, 'per_page=2&page=3');
      expect(second.body).toMatchObject({ page: 2, per_page: 2 });
      expect([...idsOf(first), ...idsOf(second), ...idsOf(third)]).toEqual(idsOf(await list(patient, '')));
      expect(idsOf(third)).toHaveLength(1);
      expect(idsOf(await list(patient, 'per_page=2&page=4'))).toEqual([]);
      expect((await list(patient, 'page=0')).status).toBe(400);
      expect((await list(patient, 'per_page=51')).status).toBe(400);
      expect((await list(patient, 'per_page=50')).status).toBe(200);
    });

    it('refuses anonymous callers', async () => {
      expect((await call(api, 'GET', QuestionPaths.list)).status).toBe(401);
    });
  });

  describe('search', () => {
    const ids = async (who: Actor, q: string, extra = '') => {
      const result = await list(who, `q=${encodeURIComponent(q)}${extra}`);
      expect([q, result.status]).toEqual([q, 200]);
      return result.body.items.map((item) => item.id);
    };
    /** What the term index holds for a question (to check writers keep it, and that it matches the list's order). */
    const termsOf = async (id: number) =>
      ((await ds.query('SELECT term FROM question_search_terms WHERE question_id = ? ORDER BY term', [id])) as { term: string }[]).map((r) => r.term);

    it('finds questions by words of their text or of any answer, as prefixes, combined with the filters', async () => {
      const word = uniqueWord();
      const inQuestion = await ask(api, patient, `Is ${word}mab worth trying for stage 4?`, 'Lung Cancer');
      const inAnswer = await ask(api, patient, 'Which trials are open near Boston?', 'Lung Cancer');
      await answer(api, expert, inAnswer, { answer_text: `Look at the ${word}mab trial.`, ...EXPERT_FIELDS });
      const elsewhere = await ask(api, patient, `Does ${word}mab help melanoma too? (${word.toUpperCase()}MAB)`, 'Melanoma');
      await ask(api, patient, `A question that says nothing of the drug, nor of x${word}mab.`, 'Lung Cancer');

      const cases: [string, QuestionFilter, string | null, number[]][] = [
        [word, 'all', null, [elsewhere, inAnswer, inQuestion]],
        [`${word}mab`, 'all', null, [elsewhere, inAnswer, inQuestion]],
        [word, 'all', 'Lung Cancer', [inAnswer, inQuestion]],
        [word, 'answered', null, [inAnswer]],
        [word, 'unanswered', 'Lung Cancer', [inQuestion]],
        // Every word must match in one text; function words are left out rather than matching nothing.
        [`the ${word} for stage`, 'all', null, [inQuestion]],
        [`${word} boston`, 'all', null, []],
        [`${word} trial`, 'all', null, [inAnswer]],
        [`${word}mabs`, 'all', null, []],
      ];
      for (const [q, filter, cancerType, expected] of cases) {
        expect([q, await ids(expert, q, `&filter=${filter}${cancerType ? `&cancer_type=${encodeURIComponent(cancerType)}` : ''}`)]).toEqual([q, expected]);
      }
    });

    it('finds short medical words and hyphenated names: ER, CT, HER2, PD-L1, BRCA1', async () => {
      const word = uniqueWord();
      const id = await ask(api, patient, `ER-positive and HER2-negative (${word}): is a CT or PD-L1 test useful?`);
      await answer(api, expert, id, { answer_text: `Ask about BRCA1 testing too, ${word}.`, ...EXPERT_FIELDS });
      const noise = await ask(api, patient, `An error in the ${word} report: does the doctor repeat it?`);
      for (const q of ['ER', 'er', 'CT', 'HER2', 'her2-negative', 'PD-L1', 'pd-l1 test', 'BRCA1', `brca1 ${word}`]) {
        expect([q, await ids(expert, `${q} ${word}`)]).toEqual([q, [id]]);
      }
      // Two letters match only the whole word: 'er' is not a prefix of 'error'; longer words are prefixes.
      expect(await ids(expert, `${word} err`)).toEqual([noise]);
      expect(await ids(expert, `${word} pd-l1 repeat`)).toEqual([]);
      expect(await termsOf(id)).toEqual(expect.arrayContaining(['er', 'er-positive', 'positive', 'her2-negative', 'ct', 'pd-l1', 'l1', 'brca1']));
    });

    it('keeps the index with every write: edits of the question, answers added, changed and deleted', async () => {
      const [before, after, inAnswer, changed] = [uniqueWord(), uniqueWord(), uniqueWord(), uniqueWord()];
      const id = await ask(api, patient, `Does ${before} help after surgery?`);
      expect(await ids(expert, before)).toEqual([id]);
      expect((await call(api, 'PATCH', QuestionPaths.one(id), { token: patient.token, body: { question_text: `Does ${after} help after surgery?` } })).status).toBe(200);
      expect(await ids(expert, before)).toEqual([]);
      expect(await ids(expert, after)).toEqual([id]);

      const added = await answer(api, expert, id, { answer_text: `Try ${inAnswer} first.`, ...EXPERT_FIELDS });
      expect(await ids(expert, inAnswer)).toEqual([id]);
      const edit = await call(api, 'PATCH', QuestionPaths.answer(added.id), { token: expert.token, body: { answer_text: `Try ${changed} first.`, ...EXPERT_FIELDS } });
      expect(edit.status).toBe(200);
      expect(await ids(expert, inAnswer)).toEqual([]);
      expect(await ids(expert, changed)).toEqual([id]);
      expect((await call(api, 'DELETE', QuestionPaths.answer(added.id), { token: expert.token })).status).toBe(204);
      expect(await ids(expert, changed)).toEqual([]);
      expect(await termsOf(id)).toEqual(expect.arrayContaining([after]));

      expect((await call(api, 'DELETE', QuestionPaths.one(id), { token: admin.token })).status).toBe(204);
      expect(await termsOf(id)).toEqual([]);
    });

    it('pages through a common word newest first and finds a rare word on an old question', async () => {
      const rare = uniqueWord();
      const common = uniqueWord();
      const old = await ask(api, patient, `An older question about ${rare} and ${common}.`);
      await ds.query('UPDATE cancer_questions SET created_at = NOW(3) - INTERVAL 30 DAY WHERE id = ?', [old]);
      const fillers = Array.from({ length: 320 }, (_, i) => [`Filler question ${i} mentioning ${common} once.`]);
      await ds.query('INSERT INTO cancer_questions (question_text) VALUES ?', [fillers]);
      // Written behind the app's back, so indexed here as the migration indexes existing rows.
      const filled = ((await ds.query('SELECT id FROM cancer_questions WHERE question_text LIKE ? OR id = ?', [`Filler question % mentioning ${common} once.`, old])) as { id: string }[]).map((r) => Number(r.id));
      await reindexQuestions((sql, params) => ds.query(sql, params), filled);

      expect(await ids(patient, rare)).toEqual([old]);
      const first = await list(patient, `q=${common}&per_page=5`);
      expect(first.body.items.map((q) => q.question_text)).toEqual([0, 1, 2, 3, 4].map((i) => `Filler question ${319 - i} mentioning ${common} once.`));
      // 320 fillers, then the old question, on page 7 of 50.
      const last = await list(patient, `q=${common}&per_page=50&page=7`);
      expect(last.body.items).toHaveLength(21);
      expect(last.body.items.at(-1)!.id).toBe(old);
      // The search's order is the list's: the same pages as listing everything and keeping the matches.
      const everything = await list(patient, `q=${common}&per_page=50&page=1`);
      expect(everything.body.items.map((q) => q.id)).toEqual(filled.filter((id) => id !== old).sort((a, b) => b - a).slice(0, 50));
      await ds.query('DELETE FROM cancer_questions WHERE question_text LIKE ?', [`Filler question % mentioning ${common} once.`]);
    });

    it('treats boolean operators and quotes as plain text, and matches the question text when no word is indexable', async () => {
      const word = uniqueWord();
      const id = await ask(api, patient, `Is a CT scan needed, ${word}? 50% sure`);
      expect(await ids(patient, `-${word} "(${word}`)).toEqual([id]);
      expect(await ids(patient, `${word}*>~@`)).toEqual([id]);
      expect(await ids(patient, `${word}.*`)).toEqual([id]);
      expect(await ids(patient, 'CT')).toContain(id);
      expect(await ids(patient, '0%')).toContain(id);
      expect(await ids(patient, '_%')).not.toContain(id);
      expect((await list(patient, `q=${'x'.repeat(201)}`)).status).toBe(400);
    });
  });

  it('documents every route in OpenAPI with its tag, access and responses', async () => {
    const doc = (await (await fetch(`${api.baseUrl}/api/docs-json`)).json()) as { paths: Record<string, Record<string, { tags: string[]; 'x-access': string; responses: Record<string, unknown> }>> };
    const expected: [string, string, string, string][] = [
      ['/api/questions', 'get', 'questions', 'patient,expert,admin'], ['/api/questions', 'post', 'questions', 'patient,admin'],
      ['/api/questions/{id}', 'get', 'questions', 'patient,expert,admin'], ['/api/questions/{id}', 'patch', 'questions', 'patient,admin'],
      ['/api/questions/{id}', 'put', 'questions', 'patient,admin'], ['/api/questions/{id}', 'delete', 'questions', 'admin'],
      ['/api/stats', 'get', 'questions', 'patient,expert,admin'], ['/api/questions/{id}/answers', 'post', 'answers', 'expert,admin'],
      ['/api/answers/{id}', 'patch', 'answers', 'expert,admin'], ['/api/answers/{id}', 'put', 'answers', 'expert,admin'],
      ['/api/answers/{id}', 'delete', 'answers', 'expert,admin'], ['/api/answers/{id}/rating', 'put', 'answers', 'patient,expert'],
    ];
    for (const [path, method, tag, access] of expected) {
      const operation = doc.paths[path]?.[method];
      expect([path, method, operation?.tags, operation?.['x-access']]).toEqual([path, method, [tag], access]);
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  describe('stats', () => {
    it('gives patients and experts patients and questions; admins also experts, answers and registrations waiting; a cancer type narrows questions and answers', async () => {
      await createUser(api, 'expert', { status: 'pending' });
      const [counts] = await ds.query(`SELECT
        (SELECT COUNT(*) FROM users WHERE approval_status = 'pending') AS waiting,
        (SELECT COUNT(*) FROM users WHERE role = 'patient') AS patients, (SELECT COUNT(*) FROM users WHERE role = 'expert') AS experts,
        (SELECT COUNT(*) FROM cancer_questions) AS questions, (SELECT COUNT(*) FROM cancer_answers) AS answers,
        (SELECT COUNT(*) FROM cancer_questions WHERE cancer_type = 'Lung Cancer') AS lungQuestions,
        (SELECT COUNT(*) FROM cancer_answers a JOIN cancer_questions q ON q.id = a.question_id WHERE q.cancer_type = 'Lung Cancer') AS lungAnswers`);
      const n = (key: string) => Number(counts[key]);
      expect(n('lungAnswers')).toBeGreaterThan(0);
      expect(n('waiting')).toBeGreaterThan(0);
      const stats = (who: Actor, query = '') => call<DashboardStats>(api, 'GET', `${QuestionPaths.stats}${query}`, { token: who.token });
      expect((await stats(patient)).body).toEqual({ totalPatients: n('patients'), totalQuestions: n('questions') });
      expect((await stats(expert, '?cancer_type=Lung%20Cancer')).body).toEqual({ totalPatients: n('patients'), totalQuestions: n('lungQuestions') });
      expect((await stats(admin)).body).toEqual({
        totalPatients: n('patients'), totalQuestions: n('questions'), totalExperts: n('experts'), totalAnswers: n('answers'), waitingRegistrations: n('waiting'),
      });
      expect((await stats(admin, '?cancer_type=Lung%20Cancer')).body).toEqual({
        totalPatients: n('patients'), totalQuestions: n('lungQuestions'), totalExperts: n('experts'), totalAnswers: n('lungAnswers'), waitingRegistrations: n('waiting'),
      });
      expect((await call(api, 'GET', QuestionPaths.stats)).status).toBe(401);
    });
  });
});

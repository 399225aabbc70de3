import { AnswerView, Messages, QuestionApiTexts, QuestionDetail, QuestionPaths } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call } from '../../../test/accounts-helpers';
import { Actor, actor, answer, ask, errorText, EXPERT_FIELDS } from '../questions/test/questions-helpers';

describe('answers and ratings over HTTP', () => {
  let api: RunningApi;
  let ds: DataSource;
  let patient: Actor;
  let otherPatient: Actor;
  let expert: Actor;
  let otherExpert: Actor;
  let admin: Actor;
  let questionId: number;
  beforeAll(async () => {
    api = await startApi();
    ds = api.app.get(DataSource);
    [patient, otherPatient, expert, otherExpert, admin] = [
      await actor(api, 'patient'), await actor(api, 'patient'), await actor(api, 'expert'), await actor(api, 'expert'), await actor(api, 'admin'),
    ];
    questionId = await ask(api, patient, 'How do I manage neuropathy from chemotherapy?', 'Colorectal Cancer');
  });
  afterAll(async () => { await api.close(); });

  const detail = async (id = questionId) => (await call<QuestionDetail>(api, 'GET', QuestionPaths.one(id), { token: admin.token })).body;
  const post = (who: Actor | null, body: unknown, id = questionId) =>
    call<AnswerView>(api, 'POST', QuestionPaths.answers(id), { token: who?.token, body });
  const edit = (who: Actor | null, answerId: number, body: unknown) =>
    call<AnswerView>(api, 'PATCH', QuestionPaths.answer(answerId), { token: who?.token, body });
  const remove = (who: Actor | null, answerId: number) => call(api, 'DELETE', QuestionPaths.answer(answerId), { token: who?.token });
  const rate = (who: Actor | null, answerId: number, body: unknown) =>
    call<AnswerView>(api, 'PUT', QuestionPaths.rating(answerId), { token: who?.token, body });

  describe('writing answers', () => {
    it("lets an expert answer: the kind is expert, the expert id theirs and the name their first name unless given", async () => {
      const created = await post(expert, { answer_text: '**Duloxetine** may help.', ...EXPERT_FIELDS });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        question_id: questionId, answer_type: 'expert', answer_text: '**Duloxetine** may help.', explanation_logic: EXPERT_FIELDS.explanation_logic,
        sources: EXPERT_FIELDS.sources, search_method: 'PubMed', expert_id: expert.id, expert_name: 'Test expert', expert_label: null,
        average_rating: null, rating_count: 0, my_rating: null, my_feedback: null, ai_details: null,
      });
      const named = await post(expert, { answer_type: 'expert', answer_text: 'Also exercise.', ...EXPERT_FIELDS, expert_name: 'Dr. Ada' });
      expect(named.body).toMatchObject({ answer_type: 'expert', expert_name: 'Test expert', expert_label: 'Dr. Ada', expert_id: expert.id });
    });

    it("shows the author from the account: a second expert posting as 'Eli' is shown under their own name, the label beside it", async () => {
      await ds.query("UPDATE users SET first_name = 'Eli', last_name = 'Stone' WHERE id = ?", [expert.id]);
      await ds.query("UPDATE users SET first_name = 'Olu', last_name = 'Ade' WHERE id = ?", [otherExpert.id]);
      try {
        const id = await ask(api, patient, 'Who wrote which answer to this question?');
        const real = await post(expert, { answer_text: 'The real Eli.', ...EXPERT_FIELDS }, id);
        const spoof = await post(otherExpert, { answer_text: 'Pretending to be Eli.', ...EXPERT_FIELDS, expert_name: 'Eli' }, id);
        expect(real.body).toMatchObject({ expert_name: 'Eli Stone', expert_label: null });
        expect(spoof.body).toMatchObject({ expert_name: 'Olu Ade', expert_label: 'Eli', expert_id: otherExpert.id });
        const shown = await call<QuestionDetail>(api, 'GET', QuestionPaths.one(id), { token: patient.token });
        expect(shown.body.answers.expert.map((a) => [a.answer_text, a.expert_name, a.expert_label])).toEqual([
          ['Pretending to be Eli.', 'Olu Ade', 'Eli'], ['The real Eli.', 'Eli Stone', null],
        ]);
        const relabelled = await edit(otherExpert, spoof.body.id, { expert_name: 'Eli Stone' });
        expect(relabelled.body).toMatchObject({ expert_name: 'Olu Ade', expert_label: 'Eli Stone' });
      } finally {
        await ds.query("UPDATE users SET first_name = 'Test', last_name = 'expert' WHERE id IN (?, ?)", [expert.id, otherExpert.id]);
      }
    });

    it('refuses an expert other kinds (403), patients (403) and anonymous callers (401); unknown questions are 404', async () => {
      const asAi = await post(expert, { answer_type: 'ai', answer_text: 'Pretending to be the AI.' });
      expect(asAi.status).toBe(403);
      expect(errorText(asAi)).toBe(QuestionApiTexts.expertAnswersOnly);
      expect((await post(patient, { answer_type: 'expert', answer_text: 'I know best.', ...EXPERT_FIELDS })).status).toBe(403);
      expect((await post(null, { answer_text: 'Nobody.', ...EXPERT_FIELDS })).status).toBe(401);
      const missing = await post(expert, { answer_text: 'Into the void.', ...EXPERT_FIELDS }, 999999999);
      expect(missing.status).toBe(404);
      expect(errorText(missing)).toBe(Messages.errors.questionNotFound);
    });

    it('checks the answer form rules with the spec texts: all four for expert answers, the text for the others', async () => {
      const empty = await post(expert, {});
      expect(empty.status).toBe(400);
      expect(errorText(empty)).toBe([
        Messages.validation.answerTextRequired, Messages.validation.explanationRequired, Messages.validation.sourceRequired,
        Messages.validation.searchMethodRequired,
      ].join('; '));
      const blanks = await post(expert, { answer_text: 'Text.', explanation_logic: '  ', sources: '\n  \n', search_method: 'PubMed' });
      expect(errorText(blanks)).toBe([Messages.validation.explanationRequired, Messages.validation.sourceRequired].join('; '));
      expect(errorText(await post(expert, { answer_text: 'Text.', explanation_logic: 'Why.', sources: ['a'], search_method: ' ' })))
        .toBe(Messages.validation.searchMethodRequired);
      expect(errorText(await post(admin, { answer_type: 'ai', answer_text: '  ' }))).toBe(Messages.validation.answerTextRequired);
      expect((await post(admin, { answer_type: 'deep_research', answer_text: 'A long report.' })).status).toBe(201);
      expect(errorText(await post(admin, { answer_type: 'expert', answer_text: 'By hand.' }))).toContain(Messages.validation.explanationRequired);
      const noKind = await post(admin, { answer_text: 'Which kind?' });
      expect(noKind.status).toBe(400);
      expect(errorText(noKind)).toBe(QuestionApiTexts.answerTypeRequired);
      expect((await post(admin, { answer_type: 'blog', answer_text: 'A blog.' })).status).toBe(400);
      expect((await post(expert, { answer_text: 'X', ...EXPERT_FIELDS, expert_id: otherExpert.id })).status).toBe(400);
    });

    it('stores sources given as a list, JSON text, a URL or lines as a list', async () => {
      const cases: [unknown, string[]][] = [
        [[' https://a.example ', '', 'https://b.example'], ['https://a.example', 'https://b.example']],
        ['["https://c.example","https://d.example"]', ['https://c.example', 'https://d.example']],
        ['https://e.example', ['https://e.example']],
        ['https://f.example\r\n\nhttps://g.example\n', ['https://f.example', 'https://g.example']],
      ];
      for (const [sources, expected] of cases) {
        const created = await post(admin, { answer_type: 'quora', answer_text: 'From a thread.', sources });
        expect(created.body.sources).toEqual(expected);
        const [row] = await ds.query('SELECT sources FROM cancer_answers WHERE id = ?', [created.body.id]);
        const stored: unknown = typeof row.sources === 'string' ? JSON.parse(row.sources) : row.sources;
        expect(stored).toEqual(expected);
      }
      expect((await post(admin, { answer_type: 'quora', answer_text: 'x', sources: [1, 2] })).status).toBe(400);
    });
  });

  describe('editing and deleting answers', () => {
    it("lets an expert edit their own expert answer; refuses another expert's, the AI's, patients and anonymous callers", async () => {
      const own = (await post(expert, { answer_text: 'First draft.', ...EXPERT_FIELDS })).body;
      const edited = await edit(expert, own.id, { answer_text: 'Second draft.', sources: 'https://new.example\nhttps://other.example' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        id: own.id, answer_text: 'Second draft.', sources: ['https://new.example', 'https://other.example'], explanation_logic: EXPERT_FIELDS.explanation_logic,
      });
      const put = await call<AnswerView>(api, 'PUT', QuestionPaths.answer(own.id), { token: expert.token, body: { expert_name: 'Dr. T' } });
      expect(put.body).toMatchObject({ answer_text: 'Second draft.', expert_name: 'Test expert', expert_label: 'Dr. T' });

      const byOther = await edit(otherExpert, own.id, { answer_text: 'Hijacked.' });
      expect(byOther.status).toBe(403);
      expect(errorText(byOther)).toBe(QuestionApiTexts.notYourAnswer);
      const ai = (await post(admin, { answer_type: 'ai', answer_text: 'The AI says so.' })).body;
      expect((await edit(expert, ai.id, { answer_text: 'Corrected AI.' })).status).toBe(403);
      expect((await edit(patient, own.id, { answer_text: 'Patient edit.' })).status).toBe(403);
      expect((await edit(null, own.id, { answer_text: 'Anonymous edit.' })).status).toBe(401);
      expect((await detail()).answers.expert.find((a) => a.id === own.id)?.answer_text).toBe('Second draft.');
    });

    it('keeps the expert rules on edit and never changes the kind', async () => {
      const own = (await post(expert, { answer_text: 'Rules.', ...EXPERT_FIELDS })).body;
      expect(errorText(await edit(expert, own.id, { sources: [] }))).toBe(Messages.validation.sourceRequired);
      expect(errorText(await edit(expert, own.id, { answer_text: '', search_method: '' })))
        .toBe([Messages.validation.answerTextRequired, Messages.validation.searchMethodRequired].join('; '));
      expect((await edit(admin, own.id, { answer_type: 'ai' })).status).toBe(400);
      expect((await edit(expert, 999999999, { answer_text: 'Nothing.' })).status).toBe(404);
    });

    it('lets admins edit and delete any answer', async () => {
      const theirs = (await post(expert, { answer_text: 'An expert answer.', ...EXPERT_FIELDS })).body;
      const byAdmin = await edit(admin, theirs.id, { answer_text: 'Edited by the admin.' });
      expect(byAdmin.body).toMatchObject({ answer_text: 'Edited by the admin.', expert_id: expert.id });
      expect((await remove(admin, theirs.id)).status).toBe(204);
      expect((await remove(admin, theirs.id)).status).toBe(404);
    });

    it("lets an expert delete only their own answers", async () => {
      const own = (await post(expert, { answer_text: 'Delete me.', ...EXPERT_FIELDS })).body;
      const ai = (await post(admin, { answer_type: 'ai', answer_text: 'Keep me.' })).body;
      expect((await remove(otherExpert, own.id)).status).toBe(403);
      expect((await remove(expert, ai.id)).status).toBe(403);
      expect((await remove(patient, own.id)).status).toBe(403);
      expect((await remove(null, own.id)).status).toBe(401);
      expect((await remove(expert, own.id)).status).toBe(204);
      const answers = (await detail()).answers;
      expect(answers.expert.some((a) => a.id === own.id)).toBe(false);
      expect(answers.ai.some((a) => a.id === ai.id)).toBe(true);
    });

    it('keeps answers_count and has_expert_answer right through adds and deletes, also when answers arrive at once', async () => {
      const id = await ask(api, patient, 'Counting answers on this question.');
      const summary = async () => {
        const shown = await detail(id);
        return { answers_count: shown.answers_count, has_expert_answer: shown.has_expert_answer };
      };
      const ai = await answer(api, admin, id, { answer_type: 'ai', answer_text: 'AI.' });
      expect(await summary()).toEqual({ answers_count: 1, has_expert_answer: false });
      const first = await answer(api, expert, id, { answer_text: 'One.', ...EXPERT_FIELDS });
      const second = await answer(api, otherExpert, id, { answer_text: 'Two.', ...EXPERT_FIELDS });
      expect(await summary()).toEqual({ answers_count: 3, has_expert_answer: true });
      await remove(expert, first.id);
      expect(await summary()).toEqual({ answers_count: 2, has_expert_answer: true });
      await remove(admin, second.id);
      expect(await summary()).toEqual({ answers_count: 1, has_expert_answer: false });
      await remove(admin, ai.id);
      expect(await summary()).toEqual({ answers_count: 0, has_expert_answer: false });

      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => post(i % 2 ? expert : admin, i % 2
        ? { answer_text: `Expert ${i}.`, ...EXPERT_FIELDS } : { answer_type: 'quora', answer_text: `Thread ${i}.` }, id)));
      expect(burst.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(await summary()).toEqual({ answers_count: 8, has_expert_answer: true });
      await Promise.all(burst.filter((r) => r.body.answer_type === 'expert').map((r) => remove(expert, r.body.id)));
      expect(await summary()).toEqual({ answers_count: 4, has_expert_answer: false });
    });

    it('shows answers by kind, newest first within each kind', async () => {
      const id = await ask(api, patient, 'Ordering answers on this question.');
      const older = await answer(api, admin, id, { answer_type: 'ai', answer_text: 'Older AI.' });
      const expertOne = await answer(api, expert, id, { answer_text: 'Expert.', ...EXPERT_FIELDS });
      const newer = await answer(api, admin, id, { answer_type: 'ai', answer_text: 'Newer AI.' });
      await ds.query('UPDATE cancer_answers SET created_at = NOW(3) - INTERVAL 1 HOUR WHERE id = ?', [older.id]);
      const shown = await detail(id);
      expect(shown.answers.ai.map((a) => a.id)).toEqual([newer.id, older.id]);
      expect(shown.answers.expert.map((a) => a.id)).toEqual([expertOne.id]);
      expect(shown.answers.quora).toEqual([]);
      expect(shown.answers.deep_research).toEqual([]);
    });
  });

  describe('ratings', () => {
    let expertAnswer: AnswerView;
    let aiAnswer: AnswerView;
    let communityAnswer: AnswerView;
    beforeAll(async () => {
      const id = await ask(api, patient, 'Rating answers on this question.');
      expertAnswer = await answer(api, expert, id, { answer_text: 'Rate me.', ...EXPERT_FIELDS });
      aiAnswer = await answer(api, admin, id, { answer_type: 'ai', answer_text: 'Rate the AI.' });
      communityAnswer = await answer(api, admin, id, { answer_type: 'quora', answer_text: 'Rate the thread.', sources: 'https://reddit.example/t' });
    });
    const rows = async (answerId: number) => Number((await ds.query('SELECT COUNT(*) AS n FROM ratings_feedback WHERE answer_id = ?', [answerId]))[0].n);

    it('saves a rating with feedback, and a second rating by the same patient updates the one row', async () => {
      const first = await rate(patient, expertAnswer.id, { rating: 2, feedback: 'Too vague.' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: expertAnswer.id, average_rating: 2, rating_count: 1, my_rating: 2, my_feedback: 'Too vague.' });
      const second = await rate(patient, expertAnswer.id, { rating: 4 });
      expect(second.body).toMatchObject({ average_rating: 4, rating_count: 1, my_rating: 4, my_feedback: 'Too vague.' });
      const cleared = await rate(patient, expertAnswer.id, { rating: 4, feedback: '' });
      expect(cleared.body).toMatchObject({ my_rating: 4, my_feedback: null });
      expect(await rows(expertAnswer.id)).toBe(1);

      await Promise.all([1, 2, 3, 4, 5].map((rating) => rate(otherPatient, expertAnswer.id, { rating })));
      expect(await rows(expertAnswer.id)).toBe(2);
    });

    it("averages to one decimal with the count, and shows each caller their own rating only", async () => {
      await rate(patient, aiAnswer.id, { rating: 5, feedback: 'Clear.' });
      await rate(otherPatient, aiAnswer.id, { rating: 4 });
      const byExpert = await rate(expert, aiAnswer.id, { rating: 4, feedback: 'Accuracy 4, Relevance 4, Specificity 4, Completeness 4, Scientific merit 4' });
      expect(byExpert.body).toMatchObject({ average_rating: 4.3, rating_count: 3, my_rating: 4 });

      const seenBy = async (who: Actor) => {
        const result = await call<QuestionDetail>(api, 'GET', QuestionPaths.one(aiAnswer.question_id), { token: who.token });
        return result.body.answers.ai.find((a) => a.id === aiAnswer.id)!;
      };
      expect(await seenBy(patient)).toMatchObject({ average_rating: 4.3, rating_count: 3, my_rating: 5, my_feedback: 'Clear.' });
      expect(await seenBy(otherPatient)).toMatchObject({ my_rating: 4, my_feedback: null });
      expect(await seenBy(otherExpert)).toMatchObject({ average_rating: 4.3, my_rating: null, my_feedback: null });
      expect(await seenBy(admin)).toMatchObject({ average_rating: 4.3, rating_count: 3, my_rating: null });
      const unrated = (await call<QuestionDetail>(api, 'GET', QuestionPaths.one(aiAnswer.question_id), { token: patient.token })).body.answers.quora[0]!;
      expect(unrated).toMatchObject({ average_rating: null, rating_count: 0, my_rating: null });
    });

    it('shows every caller the average and count per role, and experts\' feedback on AI and deep-research answers (patients\' to admins only)', async () => {
      const id = await ask(api, patient, 'Ratings by role on this question.');
      const ai = await answer(api, admin, id, { answer_type: 'ai', answer_text: 'AI view.' });
      const research = await answer(api, admin, id, { answer_type: 'deep_research', answer_text: 'Research view.' });
      const byExpert = await answer(api, expert, id, { answer_text: 'Expert view.', ...EXPERT_FIELDS });
      await ds.query("UPDATE users SET first_name = 'Olu', last_name = 'Ade' WHERE id = ?", [otherExpert.id]);
      await rate(expert, ai.id, { rating: 4, feedback: 'Accurate, but cites one old trial.' });
      await rate(otherExpert, ai.id, { rating: 3 });
      await rate(patient, ai.id, { rating: 5, feedback: 'My private thoughts.' });
      await rate(otherPatient, ai.id, { rating: 2 });
      await rate(otherPatient, research.id, { rating: 1, feedback: 'Too long.' });
      await rate(otherExpert, research.id, { rating: 5, feedback: 'Well sourced.' });
      await rate(otherExpert, byExpert.id, { rating: 2, feedback: 'Peer review stays between experts and admins.' });

      const seenBy = async (who: Actor) => (await call<QuestionDetail>(api, 'GET', QuestionPaths.one(id), { token: who.token })).body.answers;
      for (const who of [patient, otherPatient, expert, otherExpert, admin]) {
        const answers = await seenBy(who);
        expect(answers.ai[0]!.ratings_by_role).toEqual({ expert: { average: 3.5, count: 2 }, patient: { average: 3.5, count: 2 } });
        expect(answers.deep_research[0]!.ratings_by_role).toEqual({ expert: { average: 5, count: 1 }, patient: { average: 1, count: 1 } });
        expect(answers.expert[0]!.ratings_by_role).toEqual({ expert: { average: 2, count: 1 }, patient: { average: null, count: 0 } });
      }
      for (const who of [patient, otherPatient, expert]) {
        const answers = await seenBy(who);
        expect(answers.ai[0]!.feedback).toEqual([
          { role: 'expert', author: 'Test expert', rating: 4, feedback: 'Accurate, but cites one old trial.', created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        ]);
        expect(answers.deep_research[0]!.feedback.map((f) => [f.role, f.author, f.feedback])).toEqual([['expert', 'Olu Ade', 'Well sourced.']]);
        expect(answers.expert[0]!.feedback).toEqual([]);
      }
      const admins = await seenBy(admin);
      expect(admins.ai[0]!.feedback.map((f) => [f.role, f.author, f.feedback]).sort()).toEqual([
        ['expert', 'Test expert', 'Accurate, but cites one old trial.'], ['patient', null, 'My private thoughts.'],
      ]);
      expect(admins.deep_research[0]!.feedback).toHaveLength(2);
      expect(admins.expert[0]!.feedback.map((f) => f.feedback)).toEqual(['Peer review stays between experts and admins.']);
      const rated = await rate(patient, ai.id, { rating: 5 });
      expect(rated.body.feedback.map((f) => f.role)).toEqual(['expert']);
      await ds.query("UPDATE users SET first_name = 'Test', last_name = 'expert' WHERE id = ?", [otherExpert.id]);
    });

    it("lets experts rate other experts', AI and community answers but never their own", async () => {
      expect((await rate(otherExpert, expertAnswer.id, { rating: 5, feedback: 'Solid.' })).status).toBe(200);
      expect((await rate(otherExpert, communityAnswer.id, { rating: 3 })).status).toBe(200);
      const own = await rate(expert, expertAnswer.id, { rating: 5 });
      expect(own.status).toBe(403);
      expect(errorText(own)).toBe(QuestionApiTexts.cannotRateOwnAnswer);
    });

    it("refuses admins (403) and anonymous callers with 'Please log in to rate answers' or, with feedback, 'Please log in to submit feedback' (401)", async () => {
      expect((await rate(admin, aiAnswer.id, { rating: 5 })).status).toBe(403);
      for (const token of [undefined, 'forged.token.value']) {
        const anonymous = await call(api, 'PUT', QuestionPaths.rating(aiAnswer.id), { token, body: { rating: 5 } });
        expect(anonymous.status).toBe(401);
        expect(errorText(anonymous)).toBe(Messages.portal.loginToRate);
      }
      const withFeedback = await call(api, 'PUT', QuestionPaths.rating(aiAnswer.id), { body: { rating: 5, feedback: 'Helpful.' } });
      expect(withFeedback.status).toBe(401);
      expect(errorText(withFeedback)).toBe(Messages.portal.loginToGiveFeedback);
    });

    it('checks the rating and the patient record', async () => {
      for (const rating of [0, 6, 3.5, '4', null]) {
        const bad = await rate(patient, aiAnswer.id, { rating });
        expect(bad.status).toBe(400);
        expect(errorText(bad)).toBe(QuestionApiTexts.ratingRange);
      }
      expect((await rate(patient, 999999999, { rating: 3 })).status).toBe(404);
      const orphan = await actor(api, 'patient');
      await ds.query('DELETE FROM patients WHERE user_id = ?', [orphan.id]);
      const noRecord = await rate(orphan, aiAnswer.id, { rating: 3 });
      expect(noRecord.status).toBe(404);
      expect(errorText(noRecord)).toBe(Messages.validation.patientNotFoundForUser);
    });
  });
});

import { QuestionDetail, QuestionPaths, ResearchLatest, SIMILAR_QUESTIONS_LIMIT, SimilarQuestionsResponse } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { RunningApi, startApi } from '../../../test/api-harness';
import { call } from '../../../test/accounts-helpers';
import { Actor, actor, answer, ask, EXPERT_FIELDS, uniqueWord } from './test/questions-helpers';

describe('a question at a glance, and similar questions while typing', () => {
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

  const detail = (who: Actor, id: number) => call<QuestionDetail>(api, 'GET', QuestionPaths.one(id), { token: who.token });
  const similar = (who: Actor | null, q: unknown) =>
    call<SimilarQuestionsResponse>(api, 'POST', QuestionPaths.similar, { token: who?.token, body: { q } });
  const rate = (who: Actor, answerId: number, rating: number) =>
    call(api, 'PUT', QuestionPaths.rating(answerId), { token: who.token, body: { rating } });

  describe('glance', () => {
    it("gives each source's state, the running run's stage, the evidence grade and the average of all its ratings", async () => {
      const id = await ask(api, patient, `Does ${uniqueWord()} reduce nausea during chemotherapy?`);
      const fresh = await detail(patient, id);
      expect(fresh.body.glance).toEqual({
        ai: { state: 'none', stage: null, grade: null, average_rating: null, rating_count: 0 },
        quora: { state: 'none', stage: null, grade: null, average_rating: null, rating_count: 0 },
        expert: { state: 'none', stage: null, grade: null, average_rating: null, rating_count: 0 },
        deep_research: { state: 'none', stage: null, grade: null, average_rating: null, rating_count: 0 },
      });

      const first = await answer(api, expert, id, { answer_text: 'Yes, for some people.', ...EXPERT_FIELDS });
      const second = await answer(api, admin, id, { answer_type: 'expert', answer_text: 'Often.', expert_name: 'Dr Hand', ...EXPERT_FIELDS });
      const report = await answer(api, admin, id, { answer_type: 'deep_research', answer_text: 'A report.', explanation_logic: 'x', sources: ['https://example.org/a'] });
      expect((await rate(patient, first.id, 5)).status).toBe(200);
      expect((await rate(patient, second.id, 2)).status).toBe(200);
      expect((await rate(otherPatient, second.id, 4)).status).toBe(200);
      // An AI answer run under way, and the deep research run that wrote the report (its certainty in the stored report).
      await ds.query(
        "INSERT INTO ai_runs (question_id, kind, job_key, generation, status, stage, trigger_kind) VALUES (?, 'ai_answer', ?, 1, 'running', 'generating', 'auto')",
        [id, `ai_answer-${id}-1`],
      );
      await ds.query("INSERT INTO research_runs (question_id, status, stage, report, answer_id) VALUES (?, 'completed', 'done', ?, ?)", [
        id, JSON.stringify({ certainty: { grade: 'moderate', reasons: ['Moderate — cohort studies'] } }), report.id,
      ]);

      const seen = await detail(patient, id);
      expect(seen.body.glance).toEqual({
        ai: { state: 'working', stage: 'generating', grade: null, average_rating: null, rating_count: 0 },
        quora: { state: 'none', stage: null, grade: null, average_rating: null, rating_count: 0 },
        // (5 + 2 + 4) / 3 over all ratings, not the mean of the answers' averages (5 and 3).
        expert: { state: 'answered', stage: null, grade: null, average_rating: 3.7, rating_count: 3 },
        deep_research: { state: 'answered', stage: null, grade: 'moderate', average_rating: null, rating_count: 0 },
      });
      expect((await detail(expert, id)).body.glance).toEqual(seen.body.glance);

      // A finished run is no longer "working".
      await ds.query("UPDATE ai_runs SET status = 'failed' WHERE question_id = ?", [id]);
      expect((await detail(patient, id)).body.glance?.ai.state).toBe('none');
    });

    it('tells of unpublished deep research only those the research endpoint tells (F-29)', async () => {
      const id = await ask(api, patient, `Is ${uniqueWord()} safe with immunotherapy?`);
      await ds.query("INSERT INTO research_runs (question_id, status, stage) VALUES (?, 'running', 'search')", [id]);
      const research = (who: Actor) => call<ResearchLatest>(api, 'GET', `/api/questions/${id}/research`, { token: who.token });
      const glanceOf = async (who: Actor) => (await detail(who, id)).body.glance?.deep_research;

      // Patients get no unpublished run from the research endpoint, and so no "working" in the strip.
      expect((await research(patient)).body.run).toBeNull();
      expect(await glanceOf(patient)).toEqual({ state: 'none', stage: null, grade: null, average_rating: null, rating_count: 0 });
      expect(await glanceOf(otherPatient)).toEqual(await glanceOf(patient));
      // Those who control runs see it in both places.
      for (const who of [admin, expert]) {
        expect((await research(who)).body.run).toMatchObject({ status: 'running', stage: 'search' });
        expect(await glanceOf(who)).toMatchObject({ state: 'working', stage: 'search' });
      }
      // Experts without control see what patients see (RESEARCH_EXPERTS_MAY_START=false).
      const strict = await startApi({ JWT_SECRET: api.config.jwtSecret, RESEARCH_EXPERTS_MAY_START: 'false' });
      try {
        const seen = await call<QuestionDetail>(strict, 'GET', QuestionPaths.one(id), { token: expert.token });
        expect(seen.body.glance?.deep_research.state).toBe('none');
        expect((await call<ResearchLatest>(strict, 'GET', `/api/questions/${id}/research`, { token: expert.token })).body.run).toBeNull();
      } finally {
        await strict.close();
      }
    });
  });

  describe('similar questions', () => {
    it('finds answered questions sharing the medical terms typed, with answer counts per source and nothing of who asked', async () => {
      // Made-up words read as rare terms (a rare disease or drug the vocabulary does not know).
      const [a, b] = [uniqueWord(), uniqueWord()];
      const answered = await ask(api, otherPatient, `Can ${a} help with ${b} after surgery?`);
      await answer(api, expert, answered, { answer_text: 'It may.', ...EXPERT_FIELDS });
      await answer(api, admin, answered, { answer_type: 'quora', answer_text: 'It helped me.', explanation_logic: 'x', sources: ['https://example.org/b'] });
      await answer(api, admin, answered, { answer_type: 'quora', answer_text: 'Not for me.', explanation_logic: 'x', sources: ['https://example.org/c'] });
      const unanswered = await ask(api, otherPatient, `Is ${a} with ${b} worth trying?`);

      const found = await similar(patient, `Would ${a} and ${b} help me`);
      expect(found.status).toBe(200);
      expect(found.body.items).toEqual([{ id: answered, question_text: `Can ${a} help with ${b} after surgery?`, answer_counts: { ai: 0, quora: 2, expert: 1, deep_research: 0 } }]);
      expect(found.body.items.map((q) => q.id)).not.toContain(unanswered);
      expect(JSON.stringify(found.body)).not.toMatch(/patient_id|user_id|patientId|userId/);
      // Experts and admins get the same list (the dashboard search box).
      for (const who of [expert, admin]) expect((await similar(who, `${a} treatment`)).body.items.map((q) => q.id)).toEqual([answered]);
      // Sharing only words of cancer care in general ("surgery") is no match; nor are function words.
      expect((await similar(patient, `Is ${uniqueWord()} safe after surgery?`)).body.items.map((q) => q.id)).not.toContain(answered);
      expect((await similar(patient, 'the and of')).body.items).toEqual([]);
    });

    it("the issue's example: nausea from chemotherapy is offered the nausea question, not yoga, plane travel or fasting", async () => {
      const asked: Record<string, number> = {};
      for (const [key, text] of Object.entries({
        yoga: 'Can yoga help with anxiety during chemotherapy?',
        plane: 'Is it safe to travel by plane during radiotherapy and chemotherapy?',
        fasting: 'Should I try fasting before my chemotherapy sessions?',
        ginger: `Does ginger help with nausea after chemotherapy (${uniqueWord()})?`,
      })) {
        asked[key] = await ask(api, otherPatient, text);
        await answer(api, expert, asked[key], { answer_text: 'Ask your care team.', ...EXPERT_FIELDS });
      }
      const items = (await similar(patient, 'What can I do about nausea from chemotherapy')).body.items;
      expect(items.map((q) => q.id)).toContain(asked.ginger);
      expect(items.map((q) => q.id)).not.toEqual(expect.arrayContaining([asked.yoga]));
      for (const item of items) expect(item.question_text.toLowerCase()).toMatch(/nausea|vomit/);
      // No related question: no suggestions at all.
      expect((await similar(patient, `How do I talk to my ${uniqueWord().slice(0, 4)} family about chemotherapy?`)).body.items).toEqual([]);
    });

    it(`suggests at most ${SIMILAR_QUESTIONS_LIMIT}, the questions sharing most terms first, then the newest`, async () => {
      const [a, b] = [uniqueWord(), uniqueWord()];
      const ids: number[] = [];
      for (let i = 0; i < 4; i++) {
        const id = await ask(api, patient, `Question ${i} about ${a} for patients today`);
        await answer(api, expert, id, { answer_text: 'Yes.', ...EXPERT_FIELDS });
        ids.push(id);
      }
      const both = await ask(api, patient, `A question about ${a} and ${b} together`);
      await answer(api, expert, both, { answer_text: 'Yes.', ...EXPERT_FIELDS });
      const found = (await similar(patient, `${a} ${b}`)).body.items.map((q) => q.id);
      expect(found[0]).toBe(both);
      expect(found).toHaveLength(SIMILAR_QUESTIONS_LIMIT);
      expect(found.slice(1)).toEqual([...ids].reverse().slice(0, SIMILAR_QUESTIONS_LIMIT - 1));
    });

    it('refuses anonymous callers and invalid input', async () => {
      expect((await similar(null, 'chemotherapy')).status).toBe(401);
      expect((await similar(patient, 'ab')).status).toBe(400);
      expect((await similar(patient, 42)).status).toBe(400);
      expect((await similar(patient, 'x'.repeat(5001))).status).toBe(400);
      expect((await call(api, 'POST', QuestionPaths.similar, { token: patient.token, body: { q: 'chemotherapy', extra: 1 } })).status).toBe(400);
    });

    it('is documented with who may call it', async () => {
      const doc = (await (await fetch(`${api.baseUrl}/api/docs-json`)).json()) as { paths: Record<string, Record<string, { 'x-access': string; responses: Record<string, unknown> }>> };
      const operation = doc.paths['/api/questions/similar']?.post;
      expect(operation?.['x-access']).toBe('patient,expert,admin');
      expect(Object.keys(operation!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    });
  });
});

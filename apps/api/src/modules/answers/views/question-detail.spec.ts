import { answersSql } from './answer-view';
import { fetchQuestionDetail, QuestionDetailRow, questionDetailSql, toQuestionDetail } from './question-detail';
import { retractionFlagsSql } from './retraction-flags';

describe('the question detail', () => {
  const question = { id: '5', question_text: 'q', cancer_type: 'Melanoma', created_at: new Date(0), patient_id: 'p', answers_count: 2, has_expert_answer: 1 };
  const noAnswer = {
    answer_id: null, answer_type: null, answer_text: null, explanation_logic: null, sources: null, search_method: null, expert_id: null,
    expert_name: null, answer_created_at: null, rating_count: 0, average_rating: null, my_rating: null, my_feedback: null,
  } as unknown as QuestionDetailRow;

  it("joins the viewer's own rating by their role", () => {
    expect(questionDetailSql(5, { role: 'patient', userId: 'u' }).sql).toContain('mine.patient_id = (SELECT p.id FROM patients p WHERE p.user_id = ?)');
    expect(questionDetailSql(5, { role: 'expert', userId: 'u' }).params).toEqual(['u', 5]);
    const admin = questionDetailSql(5, { role: 'admin', userId: 'u' });
    expect(admin.sql).not.toContain('mine.');
    expect(admin.params).toEqual([5]);
  });

  it('groups the rows by kind, newest first, and gives null for no rows', () => {
    expect(toQuestionDetail([], 'admin')).toBeNull();
    expect(toQuestionDetail([{ ...question, ...noAnswer }], 'admin')!.answers).toEqual({ ai: [], quora: [], expert: [], deep_research: [] });
    const answerRow = (id: number, kind: string) => ({
      ...question, ...noAnswer, answer_id: String(id), answer_type: kind, answer_text: `a${id}`, sources: '[]', answer_created_at: new Date(id * 1000),
    }) as QuestionDetailRow;
    const detail = toQuestionDetail([answerRow(1, 'ai'), answerRow(2, 'expert'), answerRow(3, 'ai')], 'admin')!;
    expect(detail).toMatchObject({ id: 5, cancer_type: 'Melanoma', answers_count: 2, has_expert_answer: true });
    expect(detail.answers.ai.map((a) => [a.id, a.question_id, a.created_at])).toEqual([[3, 5, '1970-01-01T00:00:03.000Z'], [1, 5, '1970-01-01T00:00:01.000Z']]);
    expect(detail.answers.expert.map((a) => a.id)).toEqual([2]);
  });

  it('reads no retraction flag per answer, and the flags of all answers in one more statement only for a marked question', async () => {
    // Two correlated subqueries per answer cost the detail a third of its throughput (issue 35).
    for (const role of ['patient', 'expert', 'admin'] as const) {
      expect(questionDetailSql(5, { role, userId: 'u' }).sql).not.toMatch(/retraction|research_runs/);
      expect(answersSql({ answerId: 7 }, { role, userId: 'u' }).sql).not.toMatch(/retraction|research_runs/);
    }
    expect(retractionFlagsSql({ questionId: 5 })).toMatchObject({ params: [5, 5] });
    expect(retractionFlagsSql({ answerId: 7 }).sql).toContain('WHERE a.id = ?');

    const database = (mark: number) => {
      const ran: string[] = [];
      const run = async (sql: string) => {
        ran.push(sql.includes('retraction_flags') ? 'flags' : 'detail');
        if (sql.includes('retraction_flags')) return [{ answer_id: '1', title: 'Trial A' }, { answer_id: 3, title: 'Trial B' }, { answer_id: '1', title: 'Trial C' }];
        return [1, 2, 3].map((id) => ({
          ...question, ...noAnswer, has_retracted_sources: mark, answer_id: String(id), answer_type: 'ai', sources: '[]', answer_created_at: new Date(id * 1000),
        }));
      };
      return { ran, run };
    };
    const marked = database(1);
    const detail = toQuestionDetail(await fetchQuestionDetail(marked.run, 5, { role: 'patient', userId: 'u' }), 'patient')!;
    expect(marked.ran).toEqual(['detail', 'flags']);
    expect(detail.answers.ai.map((a) => [a.id, a.retracted_sources])).toEqual([[3, ['Trial B']], [2, []], [1, ['Trial A', 'Trial C']]]);

    const unmarked = database(0);
    const plain = toQuestionDetail(await fetchQuestionDetail(unmarked.run, 5, { role: 'patient', userId: 'u' }), 'patient')!;
    expect(unmarked.ran).toEqual(['detail']);
    expect(plain.answers.ai.map((a) => a.retracted_sources)).toEqual([[], [], []]);
  });
});

import type { AiAnswerDetails } from '@cqa/contracts';
import { aiDetailsFor } from './ai-details';
import { AnswerRow, toAnswerView } from './answer-view';

describe('row mapping', () => {
  const answerRow: AnswerRow = {
    id: '7', question_id: '3', answer_type: 'expert', answer_text: 'x', explanation_logic: null, sources: '["a","b"]', search_method: null,
    expert_id: null, expert_name: null, created_at: new Date('2026-01-02T03:04:05.678Z'), rating_count: '3', average_rating: '4.3333',
    my_rating: null, my_feedback: null,
  };

  it('rounds the average to one decimal, parses stored sources and turns database strings into numbers', () => {
    expect(toAnswerView(answerRow, 'admin')).toMatchObject({
      id: 7, question_id: 3, sources: ['a', 'b'], average_rating: 4.3, rating_count: 3, my_rating: null, created_at: '2026-01-02T03:04:05.678Z',
    });
    expect(toAnswerView({ ...answerRow, average_rating: null, rating_count: 0, my_rating: '5' }, 'admin')).toMatchObject({ average_rating: null, my_rating: 5 });
    expect(toAnswerView({ ...answerRow, sources: ['c'] }, 'admin').sources).toEqual(['c']);
    expect(toAnswerView({ ...answerRow, sources: 'https://plain.example' }, 'admin').sources).toEqual(['https://plain.example']);
  });

  it('lists retracted cited papers once each, empty when there are none', () => {
    expect(toAnswerView(answerRow, 'admin').retracted_sources).toEqual([]);
    expect(toAnswerView({ ...answerRow, retracted_sources: ['Trial A', 'Trial A', ' ', 'Trial B'] }, 'admin').retracted_sources).toEqual(['Trial A', 'Trial B']);
  });

  it('parses the AI details stored as JSON text, and leaves them null on other answers', () => {
    expect(toAnswerView(answerRow, 'admin').ai_details).toBeNull();
    expect(toAnswerView({ ...answerRow, ai_details: '{"run_id":4,"grade":"high"}' }, 'admin').ai_details).toMatchObject({ run_id: 4, grade: 'high' });
    expect(toAnswerView({ ...answerRow, ai_details: { run_id: 5 } }, 'admin').ai_details).toMatchObject({ run_id: 5 });
    expect(toAnswerView({ ...answerRow, ai_details: 'not json' }, 'admin').ai_details).toBeNull();
  });

  it("gives an expert answer's account id to staff only", () => {
    const expertRow = { ...answerRow, answer_type: 'expert' as const, expert_id: 'e-42' };
    expect(toAnswerView(expertRow, 'admin').expert_id).toBe('e-42');
    expect(toAnswerView(expertRow, 'expert').expert_id).toBe('e-42');
    expect(toAnswerView(expertRow, 'patient').expert_id).toBeNull();
  });

  it('gives staff the withheld claims with their reasons, everyone else only their count', () => {
    const stored = JSON.stringify({ run_id: 4, unsupported_claims: [{ text: 'A cure.', reasons: ['strong words: says "cure"'] }, { text: 'B.', reasons: ['x'] }] });
    for (const role of ['admin', 'expert'] as const) {
      expect(toAnswerView({ ...answerRow, ai_details: stored }, role).ai_details).toMatchObject({ withheld_count: 2, unsupported_claims: [{ text: 'A cure.' }, { text: 'B.' }] });
    }
    for (const role of ['patient', null] as const) {
      expect(toAnswerView({ ...answerRow, ai_details: stored }, role).ai_details).toMatchObject({ withheld_count: 2, unsupported_claims: [] });
    }
  });
});

describe("an AI answer's published statements", () => {
  it('lists each distinct quote once for answers stored with one quote twice (same record, spacing aside)', () => {
    const quote = 'Ginger reduced nausea in a randomised trial.';
    const details = {
      statements: [{ text: 'Ginger may help nausea.', sources: [1, 2], quotes: [{ source: 1, text: quote }, { source: 1, text: ` ${quote.replace(' ', '  ')}` }, { source: 2, text: quote }] }],
    } as unknown as AiAnswerDetails;
    expect(aiDetailsFor(details, 'patient')!.statements![0].quotes).toEqual([{ source: 1, text: quote }, { source: 2, text: quote }]);
    expect(aiDetailsFor({ sources: [] } as unknown as AiAnswerDetails, 'patient')).not.toHaveProperty('statements');
  });
});

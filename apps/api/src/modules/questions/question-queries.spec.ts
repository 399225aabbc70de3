import type { AiAnswerDetails } from '@cqa/contracts';
import {
  aiDetailsFor, answersSql, AnswerRow, containsPattern, fetchQuestionDetail, fetchQuestionPage, listQuestionsSql, QuestionDetailRow, questionDetailSql,
  retractionFlagsSql, searchPageSql, toAnswerView, toQuestionDetail, toQuestionSummary,
} from './question-queries';
import { MAX_PREFIX_TERMS, searchWords, termsOf, wordPattern } from './question-search';

describe('containsPattern', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('listQuestionsSql', () => {
  const base = { filter: 'all' as const, cancerType: null, search: null, page: 1, perPage: 10 };

  it('pages over ids only, then reads the rows of the page (deferred join)', () => {
    const { sql, params } = listQuestionsSql({ ...base, page: 500 });
    expect(sql).toMatch(/FROM \(SELECT q\.id FROM cancer_questions q ORDER BY q\.created_at DESC, q\.id DESC LIMIT \? OFFSET \?\) page JOIN cancer_questions q/);
    expect(params).toEqual([10, 4990]);
  });

  it('filters by expert answer and cancer type key, General included', () => {
    const { sql, params } = listQuestionsSql({ ...base, filter: 'answered', cancerType: 'undefined', perPage: 5, page: 2 });
    expect(sql).toContain('WHERE q.cancer_type_key = ? AND q.has_expert_answer = 1');
    expect(params).toEqual(['General', 5, 5]);
    expect(listQuestionsSql({ ...base, filter: 'unanswered' }).sql).toContain('q.has_expert_answer = 0');
  });

  it('matches the question text for a search without an indexable word', () => {
    const short = listQuestionsSql({ ...base, search: ' 0% ' });
    expect(short.sql).toContain('q.question_text LIKE ?');
    expect(short.params).toEqual(['%0\\%%', 10, 0]);
  });
});

describe('the search terms', () => {
  it('indexes words of two letters and more, lower case, without function words', () => {
    expect([...termsOf(['Is the ER status of a CT scan relevant? HER2 and BRCA1, x'])].sort()).toEqual(
      ['brca1', 'ct', 'er', 'her2', 'relevant', 'scan', 'status'],
    );
  });

  it('indexes a hyphenated compound whole, each of its tails and its parts', () => {
    expect([...termsOf(['anti-PD-L1 therapy'])].sort()).toEqual(['anti', 'anti-pd-l1', 'l1', 'pd', 'pd-l1', 'therapy']);
  });

  it('reads the same terms from a search: compounds whole, prefixes from three characters, no operators', () => {
    expect(searchWords('-PD-L1 +"ER" (chemo)* ~x <y> @3 chemo*')).toEqual([
      { term: 'pd-l1', prefix: true }, { term: 'er', prefix: false }, { term: 'chemo', prefix: true },
    ]);
    expect(searchWords('What is the best diet for me? Diet!').map((w) => w.term)).toEqual(['best', 'diet']);
    expect(searchWords('Krebstherapie für Kinder 2024').map((w) => w.term)).toEqual(['krebstherapie', 'für', 'kinder', '2024']);
    expect(searchWords('one1 two2 thr3 fou4 fiv5 six6 sev7 eig8 nin9 ten0')).toHaveLength(8);
    expect(searchWords('is it a 0%')).toEqual([]);
  });

  it('tests a word on one text as the index does: prefix from three characters, whole below', () => {
    // MariaDB's REGEXP follows the column's case-insensitive collation.
    const matches = (pattern: string, text: string) => new RegExp(pattern, 'iu').test(text);
    const [chemo, er, pdl1] = searchWords('chemo ER pd-l1').map(wordPattern);
    expect(matches(chemo!, 'after chemotherapy')).toBe(true);
    expect(matches(chemo!, 'nonchemo')).toBe(false);
    expect(matches(er!, 'ER-positive')).toBe(true);
    expect(matches(er!, 'an error')).toBe(false);
    expect(matches(pdl1!, 'anti-pd-l1 antibody')).toBe(true);
  });
});

describe('searchPageSql', () => {
  const base = { filter: 'unanswered' as const, cancerType: 'Leukemia', search: 'chemo ER', page: 2, perPage: 10 };

  it('walks the term index once per term of the driving word, up to the end of the page, and merges the walks', () => {
    const { sql, params } = searchPageSql(base, searchWords(base.search), ['chemo', 'chemotherapy']);
    expect(sql.match(/FROM question_search_terms t STRAIGHT_JOIN cancer_questions q/g)).toHaveLength(2);
    expect(sql).toContain('ORDER BY t.created_at DESC, t.question_id DESC LIMIT 20) UNION (');
    expect(sql).toContain('x.term = ?');
    expect(sql).toContain('(q.question_text REGEXP ? AND q.question_text REGEXP ?) OR (SELECT 1 FROM cancer_answers a');
    const patterns = searchWords(base.search).map(wordPattern);
    const perWalk = ['Leukemia', 'er', ...patterns, ...patterns];
    expect(params).toEqual(['chemo', ...perWalk, 'chemotherapy', ...perWalk, 10, 10]);
  });

  it('reads one range of terms, sorted, when the prefix has too many terms', () => {
    const { sql, params } = searchPageSql({ ...base, filter: 'all', cancerType: null, search: 'can' }, searchWords('can'), null);
    expect(sql).toContain('t.term LIKE ?');
    expect(sql).not.toContain('STRAIGHT_JOIN');
    expect(params).toEqual(['can%', 10, 10]);
  });
});

describe('fetchQuestionPage', () => {
  const base = { filter: 'all' as const, cancerType: null, search: 'chemo', page: 1, perPage: 10 };
  /** Stands in for the database: answers by the kind of statement, and records which ran. */
  const database = (terms: string[]) => {
    const ran: string[] = [];
    const run = async (sql: string) => {
      const kind = sql.includes('FROM question_search_vocabulary') ? 'terms' : sql.includes('question_search_terms') ? 'search' : 'list';
      ran.push(kind);
      return kind === 'terms' ? terms.map((term) => ({ term })) : [{ id: 1 }];
    };
    return { ran, run };
  };

  it('finds the terms of a prefix word, then walks them', async () => {
    const db = database(['chemo', 'chemotherapy']);
    expect(await fetchQuestionPage(db.run, base)).toEqual([{ id: 1 }]);
    expect(db.ran).toEqual(['terms', 'search']);
  });

  it('answers nothing at once when no term starts with the word', async () => {
    const db = database([]);
    expect(await fetchQuestionPage(db.run, base)).toEqual([]);
    expect(db.ran).toEqual(['terms']);
  });

  it('walks a two-letter word without looking up terms, and too many terms as one range', async () => {
    const short = database([]);
    await fetchQuestionPage(short.run, { ...base, search: 'ER' });
    expect(short.ran).toEqual(['search']);
    const many = database(Array.from({ length: MAX_PREFIX_TERMS + 1 }, (_, i) => `can${i}`));
    await fetchQuestionPage(many.run, { ...base, search: 'can' });
    expect(many.ran).toEqual(['terms', 'search']);
  });

  it('lists without a search, and with no indexable word, in one statement', async () => {
    for (const search of [null, '0%']) {
      const db = database([]);
      await fetchQuestionPage(db.run, { ...base, search });
      expect(db.ran).toEqual(['list']);
    }
  });
});

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

  it("shows a question without type as 'General' and the expert flag as a boolean", () => {
    const row = { id: '1', question_text: 'q', cancer_type: null, created_at: new Date(0), patient_id: null, answers_count: '2', has_expert_answer: 1 };
    expect(toQuestionSummary(row)).toEqual({
      id: 1, question_text: 'q', cancer_type: 'General', created_at: '1970-01-01T00:00:00.000Z', patient_id: null, answers_count: 2, has_expert_answer: true,
    });
    expect(toQuestionSummary({ ...row, has_expert_answer: 0 }).has_expert_answer).toBe(false);
  });
});

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

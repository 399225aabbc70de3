import {
  AnswerRow, containsPattern, fetchQuestionPage, fullTextQuery, listQuestionsSql, recentSearchSql, SEARCH_WINDOW, searchWindowSql,
  QuestionDetailRow, questionDetailSql, toAnswerView, toQuestionDetail, toQuestionSummary, wordPrefixPattern,
} from './question-queries';

describe('fullTextQuery', () => {
  it('requires every word as a prefix', () => {
    expect(fullTextQuery('Tamoxifen side effects')).toBe('+tamoxifen* +side* +effects*');
  });

  it('drops stopwords, short words and repeats, which would otherwise make MATCH find nothing', () => {
    expect(fullTextQuery('What is the best diet for me? Diet!')).toBe('+best* +diet*');
    expect(fullTextQuery('CT of a lung')).toBe('+lung*');
    expect(fullTextQuery('is it ok')).toBe('');
  });

  it('lets no boolean operator or quote through', () => {
    expect(fullTextQuery('-chemo +"radiation" (proton)* ~x <y> @3 chemo*')).toBe('+chemo* +radiation* +proton*');
    expect(fullTextQuery('non-hodgkin')).toBe('+non* +hodgkin*');
  });

  it('keeps letters of any script and digits, and at most eight words', () => {
    expect(fullTextQuery('Krebstherapie für Kinder 2024')).toBe('+krebstherapie* +für* +kinder* +2024*');
    expect(fullTextQuery('one1 two2 thr3 fou4 fiv5 six6 sev7 eig8 nin9 ten0').split(' ')).toHaveLength(8);
  });
});

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

  it('searches questions and answers through both full-text indexes, or the question text for short words', () => {
    const fullText = listQuestionsSql({ ...base, search: 'immunotherapy', cancerType: 'Melanoma' });
    expect(fullText.sql).toContain('MATCH(question_text) AGAINST (? IN BOOLEAN MODE)');
    expect(fullText.sql).toContain('MATCH(answer_text) AGAINST (? IN BOOLEAN MODE)');
    expect(fullText.params).toEqual(['+immunotherapy*', '+immunotherapy*', 'Melanoma', 10, 0]);
    const short = listQuestionsSql({ ...base, search: ' CT ' });
    expect(short.sql).not.toContain('MATCH');
    expect(short.params).toEqual(['%CT%', 10, 0]);
  });
});

describe('the search over the newest questions', () => {
  const base = { filter: 'unanswered' as const, cancerType: 'Leukemia', search: 'chemo fatigue', page: 2, perPage: 10 };

  it('tests each word as a token prefix, with the same words as the full-text query', () => {
    expect(wordPrefixPattern('chemo')).toBe('(?<![\\p{L}\\p{N}_])chemo');
    const { sql, params } = recentSearchSql(base, ['chemo', 'fatigue'], '2026-01-01 00:00:00.000');
    expect(sql).toContain('q.cancer_type_key = ? AND q.has_expert_answer = 0 AND q.created_at >= ?');
    expect(sql).toContain('((q.question_text REGEXP ? AND q.question_text REGEXP ?) OR (SELECT 1 FROM cancer_answers a');
    expect(params).toEqual(['Leukemia', '2026-01-01 00:00:00.000', ...Array(2).fill([wordPrefixPattern('chemo'), wordPrefixPattern('fatigue')]).flat(), 10, 10]);
    expect(recentSearchSql(base, ['chemo'], null).sql).not.toContain('created_at >=');
  });

  it('finds where the window starts under the same filters', () => {
    const { sql, params } = searchWindowSql(base);
    expect(sql).toContain(`LIMIT 1 OFFSET ${SEARCH_WINDOW - 1}`);
    expect(params).toEqual(['Leukemia']);
  });

  describe('fetchQuestionPage', () => {
    const row = (id: number) => ({ id });
    /** Stands in for the database: answers by the kind of statement, and records which ran. */
    const database = (windowStart: unknown[], recent: unknown[]) => {
      const ran: string[] = [];
      const run = async (sql: string) => {
        const kind = sql.includes('LIMIT 1 OFFSET') ? 'window' : sql.includes('REGEXP') ? 'recent' : sql.includes('MATCH') ? 'fulltext' : 'list';
        ran.push(kind);
        return kind === 'window' ? windowStart : kind === 'recent' ? recent : [row(99)];
      };
      return { ran, run };
    };
    const start = [{ created_at: new Date() }];

    it('answers from the window when it fills the page', async () => {
      const db = database(start, [row(1), row(2)]);
      expect(await fetchQuestionPage(db.run, { ...base, perPage: 2 })).toEqual([row(1), row(2)]);
      expect(db.ran).toEqual(['window', 'recent']);
    });

    it('falls back to the full-text query when the window does not fill the page', async () => {
      const db = database(start, [row(1)]);
      expect(await fetchQuestionPage(db.run, { ...base, perPage: 2 })).toEqual([row(99)]);
      expect(db.ran).toEqual(['window', 'recent', 'fulltext']);
    });

    it('trusts a short window result when every question was in the window', async () => {
      const db = database([], [row(1)]);
      expect(await fetchQuestionPage(db.run, { ...base, perPage: 2 })).toEqual([row(1)]);
      expect(db.ran).toEqual(['window', 'recent']);
    });

    it('lists without a search, and with only short words, in one statement', async () => {
      for (const search of [null, 'CT']) {
        const db = database(start, []);
        await fetchQuestionPage(db.run, { ...base, search });
        expect(db.ran).toEqual(['list']);
      }
    });
  });
});

describe('row mapping', () => {
  const answerRow: AnswerRow = {
    id: '7', question_id: '3', answer_type: 'expert', answer_text: 'x', explanation_logic: null, sources: '["a","b"]', search_method: null,
    expert_id: null, expert_name: null, created_at: new Date('2026-01-02T03:04:05.678Z'), rating_count: '3', average_rating: '4.3333',
    my_rating: null, my_feedback: null,
  };

  it('rounds the average to one decimal, parses stored sources and turns database strings into numbers', () => {
    expect(toAnswerView(answerRow)).toMatchObject({
      id: 7, question_id: 3, sources: ['a', 'b'], average_rating: 4.3, rating_count: 3, my_rating: null, created_at: '2026-01-02T03:04:05.678Z',
    });
    expect(toAnswerView({ ...answerRow, average_rating: null, rating_count: 0, my_rating: '5' })).toMatchObject({ average_rating: null, my_rating: 5 });
    expect(toAnswerView({ ...answerRow, sources: ['c'] }).sources).toEqual(['c']);
    expect(toAnswerView({ ...answerRow, sources: 'https://plain.example' }).sources).toEqual(['https://plain.example']);
  });

  it('lists retracted cited papers from JSON text or a parsed list, empty when there are none', () => {
    expect(toAnswerView(answerRow).retracted_sources).toEqual([]);
    expect(toAnswerView({ ...answerRow, retracted_sources: null }).retracted_sources).toEqual([]);
    expect(toAnswerView({ ...answerRow, retracted_sources: '["Trial A", "Trial A", "Trial B"]' }).retracted_sources).toEqual(['Trial A', 'Trial B']);
    expect(toAnswerView({ ...answerRow, retracted_sources: ['Trial C', 7] }).retracted_sources).toEqual(['Trial C']);
    expect(toAnswerView({ ...answerRow, retracted_sources: 'not json' }).retracted_sources).toEqual([]);
  });

  it('parses the AI details stored as JSON text, and leaves them null on other answers', () => {
    expect(toAnswerView(answerRow).ai_details).toBeNull();
    expect(toAnswerView({ ...answerRow, ai_details: '{"run_id":4,"grade":"high"}' }).ai_details).toEqual({ run_id: 4, grade: 'high' });
    expect(toAnswerView({ ...answerRow, ai_details: { run_id: 5 } }).ai_details).toEqual({ run_id: 5 });
    expect(toAnswerView({ ...answerRow, ai_details: 'not json' }).ai_details).toBeNull();
  });

  it("shows a question without type as 'General' and the expert flag as a boolean", () => {
    const row = { id: '1', question_text: 'q', cancer_type: null, created_at: new Date(0), patient_id: null, answers_count: '2', has_expert_answer: 1 };
    expect(toQuestionSummary(row)).toEqual({
      id: 1, question_text: 'q', cancer_type: 'General', created_at: '1970-01-01T00:00:00.000Z', patient_id: null, answers_count: 2, has_expert_answer: true,
    });
    expect(toQuestionSummary({ ...row, has_expert_answer: 0 }).has_expert_answer).toBe(false);
  });
});

describe('the question detail in one statement', () => {
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
    expect(toQuestionDetail([])).toBeNull();
    expect(toQuestionDetail([{ ...question, ...noAnswer }])!.answers).toEqual({ ai: [], quora: [], expert: [], deep_research: [] });
    const answerRow = (id: number, kind: string) => ({
      ...question, ...noAnswer, answer_id: String(id), answer_type: kind, answer_text: `a${id}`, sources: '[]', answer_created_at: new Date(id * 1000),
    }) as QuestionDetailRow;
    const detail = toQuestionDetail([answerRow(1, 'ai'), answerRow(2, 'expert'), answerRow(3, 'ai')])!;
    expect(detail).toMatchObject({ id: 5, cancer_type: 'Melanoma', answers_count: 2, has_expert_answer: true });
    expect(detail.answers.ai.map((a) => [a.id, a.question_id, a.created_at])).toEqual([[3, 5, '1970-01-01T00:00:03.000Z'], [1, 5, '1970-01-01T00:00:01.000Z']]);
    expect(detail.answers.expert.map((a) => a.id)).toEqual([2]);
  });
});

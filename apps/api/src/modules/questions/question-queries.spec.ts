import {
  containsPattern, fetchQuestionPage, listQuestionsSql, searchPageSql,
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

import { similarQuestionsSql, similarWords, SIMILAR_MAX_WORDS, wordsNeeded } from './question-similar';

describe('similar questions: the words looked up', () => {
  it("takes a typed question's longest indexable words, at most eight, without function words (a compound kept whole)", () => {
    const words = similarWords('What is the best diet during chemotherapy for HER2-positive breast cancer with ER and PR?');
    expect(words.map((w) => w.term)).toEqual(['her2-positive', 'chemotherapy', 'during', 'breast', 'cancer', 'best', 'diet', 'er']);
    expect(words).toHaveLength(SIMILAR_MAX_WORDS);
    expect(similarWords('the and of a')).toEqual([]);
    // Two-letter abbreviations stay exact words (not prefixes), as in search.
    expect(similarWords('ER PR status')).toEqual([{ term: 'status', prefix: true }, { term: 'er', prefix: false }, { term: 'pr', prefix: false }]);
  });

  it('needs half the words (rounded up), never more than three', () => {
    expect([1, 2, 3, 4, 5, 6, 8].map(wordsNeeded)).toEqual([1, 1, 2, 2, 3, 3, 3]);
  });

  it('walks one bounded index range per word and returns only answered questions, id and text', () => {
    const { sql, params } = similarQuestionsSql(similarWords('fasting ER'));
    expect(sql.match(/LIMIT 200/g)).toHaveLength(2);
    expect(sql).toContain('q.answers_count > 0');
    expect(sql).not.toMatch(/patient_id|user_id/);
    expect(params).toEqual(['fasting%', 'er', 1, 5]);
  });
});

import { rankSimilar, similarity, similarQuestionsSql, similarTerms, similarWords, SIMILAR_CANDIDATES } from './question-similar';

const keys = (text: string) => similarTerms(text).map((t) => `${t.key}:${t.weight}:${t.role}`);
const rank = (text: string, questions: string[]) => rankSimilar(text, questions.map((question_text) => ({ question_text }))).map((q) => q.question_text);

describe('similar questions: the terms compared', () => {
  it('reads medical terms with the literature vocabulary: generic words of cancer care weigh nothing, a named drug or symptom most', () => {
    expect(keys('What can I do about nausea from chemotherapy')).toEqual(['nausea:3:topic']);
    expect(keys('Is Zofran safe with radiotherapy and surgery for my tumour?')).toEqual(['ondansetron:3:topic']);
    expect(keys('How is metastatic breast cancer treated with hormone therapy?')).toEqual([
      'metastatic breast cancer:2:cancer', 'breast cancer:2:cancer', 'hormone therapy:2:topic',
    ]);
    // A cancer noun is one cancer, whichever is used; a body part is context only.
    expect(keys('pancreatic adenocarcinoma')).toEqual(keys('pancreatic cancer'));
    expect(keys('pain in my arm')).toEqual(['pain:2:topic', 'arm:1:context']);
    expect(keys('Should I tell my employer about my cancer and chemo?')).toEqual([]);
  });

  it('matches only on a shared topic when the question names one; a generic or body word alone is never a match', () => {
    const nausea = similarTerms('What can I do about nausea from chemotherapy');
    expect(similarity(nausea, similarTerms('Can yoga help with anxiety during chemotherapy?'))).toBeNull();
    expect(similarity(nausea, similarTerms('Does ginger help with nausea after chemo?'))).toMatchObject({ shared: ['nausea'] });
    // Same cancer, other topic: no match while the question has a topic of its own.
    expect(similarity(similarTerms('Nausea during breast cancer treatment'), similarTerms('Breast cancer reconstruction options'))).toBeNull();
    // A question naming only a cancer matches questions about that cancer.
    expect(similarity(similarTerms('Life expectancy with advanced pancreatic cancer'), similarTerms('What are the treatments for pancreatic adenocarcinoma?'))).not.toBeNull();
    expect(similarity(similarTerms('Is it safe to dye my hair?'), similarTerms('Can cold caps save my hair?'))).toBeNull();
  });

  it('ranks the most alike first, keeps the given order on ties, and returns nothing when nothing matches', () => {
    const questions = [
      'Can yoga help with anxiety during chemotherapy?',
      'Is it safe to travel by plane during radiotherapy?',
      'Should I try fasting before my chemotherapy sessions?',
      'Does ginger help with nausea after chemo?',
      'Is Zofran safe every day for nausea and vomiting?',
    ];
    expect(rank('What can I do about nausea from chemotherapy', questions)).toEqual([questions[3], questions[4]]);
    expect(rank('Is ondansetron good for nausea and vomiting?', questions)[0]).toBe(questions[4]);
    expect(rank('How do I talk to my children about chemotherapy?', questions)).toEqual([]);
  });
});

describe('similar questions: the candidates read from the index', () => {
  it('looks up the words of the weighed terms, never the generic ones, kept whole as in search', () => {
    expect(similarWords('What can I do about nausea from chemotherapy')).toEqual([{ term: 'nausea', prefix: true }]);
    expect(similarWords('Metastatic breast cancer and HER2-positive tumours on Herceptin').map((w) => w.term)).toEqual(
      expect.arrayContaining(['trastuzumab', 'breast']),
    );
    expect(similarWords('Metastatic breast cancer').map((w) => w.term)).not.toContain('cancer');
    expect(similarWords('the and of a')).toEqual([]);
  });

  it('walks one bounded index range per word and returns only answered questions, id and text, for ranking', () => {
    const { sql, params } = similarQuestionsSql(similarWords('letrozole hot flashes'));
    expect(sql.match(/LIMIT 200/g)).toHaveLength(3);
    expect(sql).toContain('q.answers_count > 0');
    expect(sql).not.toMatch(/patient_id|user_id/);
    expect(params).toEqual(['letrozole%', 'hot%', 'flashe%', SIMILAR_CANDIDATES]);
  });
});

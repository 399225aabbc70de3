import { Messages } from '@cqa/contracts';
import { answerProblems, cleanText } from './answer-rules';

describe('form rules', () => {
  it('asks expert answers for text, explanation, a source and the search method; others for text', () => {
    const empty = { answer_text: ' ', explanation_logic: null, sources: [], search_method: null };
    expect(answerProblems('expert', empty)).toEqual([
      Messages.validation.answerTextRequired, Messages.validation.explanationRequired, Messages.validation.sourceRequired,
      Messages.validation.searchMethodRequired,
    ]);
    expect(answerProblems('ai', empty)).toEqual([Messages.validation.answerTextRequired]);
    expect(answerProblems('expert', { answer_text: 'a', explanation_logic: 'b', sources: ['c'], search_method: 'd' })).toEqual([]);
  });

  it('treats blank text as missing', () => {
    expect(cleanText('  a ')).toBe('a');
    expect(cleanText('   ')).toBeNull();
    expect(cleanText(undefined)).toBeNull();
  });
});

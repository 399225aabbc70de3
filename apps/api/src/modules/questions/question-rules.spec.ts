import { Messages, QuestionApiTexts } from '@cqa/contracts';
import { cancerTypeProblem, questionTextProblem } from './dto/questions.dto';
import { answerProblems, cleanText } from './question-rules';

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

  it('checks the question text and the cancer type with one message each', () => {
    expect(questionTextProblem(undefined)).toBe(Messages.validation.questionTextRequired);
    expect(questionTextProblem(42)).toBe(Messages.validation.questionTextRequired);
    expect(questionTextProblem(' short ')).toBe(Messages.validation.questionTooShort);
    expect(questionTextProblem('long enough')).toBeNull();
    expect(questionTextProblem('x'.repeat(5001))).toBe(QuestionApiTexts.tooLong('Question', 5000));
    expect(cancerTypeProblem('Lung Cancer')).toBeNull();
    expect(cancerTypeProblem('General')).toBeNull();
    expect(cancerTypeProblem('')).toBeNull();
    expect(cancerTypeProblem('lung')).toBe(QuestionApiTexts.cancerTypeInvalid);
  });

  it('treats blank text as missing', () => {
    expect(cleanText('  a ')).toBe('a');
    expect(cleanText('   ')).toBeNull();
    expect(cleanText(undefined)).toBeNull();
  });
});

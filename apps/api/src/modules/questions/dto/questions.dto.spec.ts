import { Messages, QuestionApiTexts } from '@cqa/contracts';
import { cancerTypeProblem, questionTextProblem } from './questions.dto';

describe('form rules', () => {
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
});

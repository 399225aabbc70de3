import { Messages, QuestionApiTexts } from '@cqa/contracts';
import { cancerTypeProblem, questionTextProblem } from './dto/questions.dto';
import { answerProblems, cleanText, mayChangeAnswer, mayEditQuestion, rateRefusal } from './question-rules';

const patient = { id: 'p1', role: 'patient' as const };
const expert = { id: 'e1', role: 'expert' as const };
const admin = { id: 'a1', role: 'admin' as const };

describe('who may do what', () => {
  it('lets patients edit their own questions, admins any, experts none', () => {
    expect(mayEditQuestion(patient, { userId: 'p1' })).toBe(true);
    expect(mayEditQuestion(patient, { userId: 'p2' })).toBe(false);
    expect(mayEditQuestion(expert, { userId: 'e1' })).toBe(false);
    expect(mayEditQuestion(admin, { userId: null })).toBe(true);
  });

  it('lets experts change their own expert answers only, admins any', () => {
    expect(mayChangeAnswer(expert, { answerType: 'expert', expertId: 'e1' })).toBe(true);
    expect(mayChangeAnswer(expert, { answerType: 'expert', expertId: 'e2' })).toBe(false);
    expect(mayChangeAnswer(expert, { answerType: 'ai', expertId: null })).toBe(false);
    expect(mayChangeAnswer(patient, { answerType: 'expert', expertId: 'p1' })).toBe(false);
    expect(mayChangeAnswer(admin, { answerType: 'quora', expertId: null })).toBe(true);
  });

  it('lets patients rate anything, experts anything but their own, admins nothing', () => {
    expect(rateRefusal(patient, { expertId: 'e1' })).toBeNull();
    expect(rateRefusal(expert, { expertId: 'e2' })).toBeNull();
    expect(rateRefusal(expert, { expertId: null })).toBeNull();
    expect(rateRefusal(expert, { expertId: 'e1' })).toBe(QuestionApiTexts.cannotRateOwnAnswer);
    expect(rateRefusal(admin, { expertId: null })).toBe(Messages.platform.accessDenied);
  });
});

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

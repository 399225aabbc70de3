import { Messages, QuestionApiTexts } from './messages';
import { mayChangeAnswer, mayEditQuestion, mayRateAnswer, rateRefusal } from './question-permissions';

// The server passes its callers ({ id, role }) and rows; the web its AuthUser (with patientId) and the wire shapes.
const patient = { id: 'p1', role: 'patient' as const };
const webPatient = { id: 'p1', role: 'patient' as const, patientId: '77' };
const expert = { id: 'e1', role: 'expert' as const, patientId: null };
const admin = { id: 'a1', role: 'admin' as const };

describe('who may edit a question', () => {
  it('lets patients edit their own questions, admins any, experts none', () => {
    expect(mayEditQuestion(patient, { user_id: 'p1' })).toBe(true);
    expect(mayEditQuestion(patient, { user_id: 'p2' })).toBe(false);
    expect(mayEditQuestion(expert, { user_id: 'e1' })).toBe(false);
    expect(mayEditQuestion(admin, { user_id: null })).toBe(true);
  });

  it("knows the patient's own question by their patient record where the user id is not sent", () => {
    expect(mayEditQuestion(webPatient, { patient_id: '77' })).toBe(true);
    expect(mayEditQuestion(webPatient, { patient_id: '99' })).toBe(false);
    expect(mayEditQuestion(webPatient, { patient_id: null })).toBe(false);
    expect(mayEditQuestion({ ...webPatient, patientId: null }, { patient_id: null })).toBe(false);
    expect(mayEditQuestion(patient, { user_id: 'p2', patient_id: '77' })).toBe(false);
  });
});

describe('who may change an answer', () => {
  it('lets experts change their own expert answers only, admins any', () => {
    expect(mayChangeAnswer(expert, { answer_type: 'expert', expert_id: 'e1' })).toBe(true);
    expect(mayChangeAnswer(expert, { answer_type: 'expert', expert_id: 'e2' })).toBe(false);
    expect(mayChangeAnswer(expert, { answer_type: 'ai', expert_id: null })).toBe(false);
    expect(mayChangeAnswer(expert, { answer_type: 'quora', expert_id: 'e1' })).toBe(false);
    expect(mayChangeAnswer(patient, { answer_type: 'expert', expert_id: 'p1' })).toBe(false);
    expect(mayChangeAnswer(admin, { answer_type: 'quora', expert_id: null })).toBe(true);
  });
});

describe('who may rate an answer', () => {
  it('lets patients rate anything, experts anything but their own, admins nothing', () => {
    expect(rateRefusal(patient, { expert_id: 'e1' })).toBeNull();
    expect(rateRefusal(expert, { expert_id: 'e2' })).toBeNull();
    expect(rateRefusal(expert, { expert_id: null })).toBeNull();
    expect(rateRefusal(expert, { expert_id: 'e1' })).toBe(QuestionApiTexts.cannotRateOwnAnswer);
    expect(rateRefusal(admin, { expert_id: null })).toBe(Messages.platform.accessDenied);
  });

  it('answers the same as a yes or no for the web', () => {
    expect(mayRateAnswer(webPatient, { expert_id: 'e1' })).toBe(true);
    expect(mayRateAnswer(expert, { expert_id: 'e1' })).toBe(false);
    expect(mayRateAnswer(admin, { expert_id: null })).toBe(false);
  });
});

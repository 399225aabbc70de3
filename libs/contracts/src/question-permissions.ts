/**
 * Who may do what with questions, answers and ratings (spec section 6). One source for the API, which applies them
 * after loading the record (the route roles are the first fence), and the web, which shows only the controls they
 * allow. Inputs are wire-shaped, so the server passes its rows and the web its AuthUser and QuestionDetail.
 */
import { Messages, QuestionApiTexts } from './messages';
import type { AnswerKind } from './questions';
import type { Role } from './roles';

/** The signed-in user. `patientId` (their patient record) is what the web knows; the server matches by user id. */
export interface QuestionCaller {
  id: string;
  role: Role;
  patientId?: string | null;
}

/** The asking patient, by user id (server rows) or by patient record id (the web's QuestionSummary). */
export interface QuestionOwner {
  user_id?: string | null;
  patient_id?: string | null;
}

export interface AnswerAuthor {
  answer_type: AnswerKind;
  expert_id: string | null;
}

/** Patients edit the text and cancer type of their own questions; admins edit any; experts none. */
export function mayEditQuestion(caller: QuestionCaller, question: QuestionOwner): boolean {
  if (caller.role === 'admin') return true;
  if (caller.role !== 'patient') return false;
  const byUser = question.user_id != null && question.user_id === caller.id;
  const byRecord = question.patient_id != null && question.patient_id === caller.patientId;
  return byUser || byRecord;
}

/** Experts edit and delete only their own expert answers; admins any answer; patients none. */
export function mayChangeAnswer(caller: QuestionCaller, answer: AnswerAuthor): boolean {
  if (caller.role === 'admin') return true;
  return caller.role === 'expert' && answer.answer_type === 'expert' && answer.expert_id === caller.id;
}

/**
 * Why the caller may not rate this answer, or null when they may. Patients rate any answer. Experts rate answers of
 * other experts, of the AI and deep research, and community answers too (the spec prompts experts to rate those 'on
 * scientific merit'), never their own. Admins never rate.
 */
export function rateRefusal(caller: QuestionCaller, answer: Pick<AnswerAuthor, 'expert_id'>): string | null {
  if (caller.role === 'admin') return Messages.platform.accessDenied;
  if (caller.role === 'expert' && answer.expert_id === caller.id) return QuestionApiTexts.cannotRateOwnAnswer;
  return null;
}

export function mayRateAnswer(caller: QuestionCaller, answer: Pick<AnswerAuthor, 'expert_id'>): boolean {
  return rateRefusal(caller, answer) === null;
}

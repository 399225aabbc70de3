import { AnswerKind, Messages, QuestionApiTexts, Role } from '@cqa/contracts';

/**
 * Who may do what with questions, answers and ratings (spec section 6), as plain predicates the services apply after
 * loading the record. The route roles are the first fence; these decide ownership.
 */
export interface Caller { id: string; role: Role }

/** Patients edit the text and cancer type of their own questions; admins edit any; experts none. */
export function mayEditQuestion(caller: Caller, question: { userId: string | null }): boolean {
  if (caller.role === 'admin') return true;
  return caller.role === 'patient' && question.userId === caller.id;
}

/** Experts edit and delete only their own expert answers; admins any answer; patients none. */
export function mayChangeAnswer(caller: Caller, answer: { answerType: AnswerKind; expertId: string | null }): boolean {
  if (caller.role === 'admin') return true;
  return caller.role === 'expert' && answer.answerType === 'expert' && answer.expertId === caller.id;
}

/**
 * Why the caller may not rate this answer, or null when they may. Patients rate any answer. Experts rate answers of
 * other experts, of the AI and deep research, and community answers too (the spec prompts experts to rate those 'on
 * scientific merit'), never their own. Admins never rate.
 */
export function rateRefusal(caller: Caller, answer: { expertId: string | null }): string | null {
  if (caller.role === 'admin') return Messages.platform.accessDenied;
  if (caller.role === 'expert' && answer.expertId === caller.id) return QuestionApiTexts.cannotRateOwnAnswer;
  return null;
}

/** Trimmed text, or null when blank. */
export function cleanText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export interface AnswerFields {
  answer_text: string | null;
  explanation_logic: string | null;
  sources: readonly string[];
  search_method: string | null;
}

/** The answer form's rules (spec section 5): text for every answer; explanation, a source and the search method for expert answers. */
export function answerProblems(kind: AnswerKind, fields: AnswerFields): string[] {
  const problems: string[] = [];
  if (!cleanText(fields.answer_text)) problems.push(Messages.validation.answerTextRequired);
  if (kind === 'expert') {
    if (!cleanText(fields.explanation_logic)) problems.push(Messages.validation.explanationRequired);
    if (fields.sources.length === 0) problems.push(Messages.validation.sourceRequired);
    if (!cleanText(fields.search_method)) problems.push(Messages.validation.searchMethodRequired);
  }
  return problems;
}

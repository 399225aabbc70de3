import { AnswerKind, Messages } from '@cqa/contracts';

/** Who may change and rate answers (spec section 6) is decided in the contracts, so the web applies the same rules. */
export { mayChangeAnswer, rateRefusal } from '@cqa/contracts';

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

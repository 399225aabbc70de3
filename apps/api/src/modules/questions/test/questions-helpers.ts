/** Shared steps of the questions integration specs (under test/, so the build leaves it out). */
import { AnswerView, ApiErrorBody, CreateAnswerRequest, QuestionPaths, Role } from '@cqa/contracts';
import { randomBytes } from 'node:crypto';
import { RunningApi } from '../../../../test/api-harness';
import { call, createUser, signIn, TestUser } from '../../../../test/accounts-helpers';

export interface Actor extends TestUser { token: string }

export async function actor(api: RunningApi, role: Role): Promise<Actor> {
  const user = await createUser(api, role);
  return { ...user, token: (await signIn(api, user)).token };
}

/** A made-up word of letters only, so a full-text search finds exactly what a test wrote. */
export const uniqueWord = () => `zq${randomBytes(5).toString('hex').replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;

export const errorText = (result: { body: unknown }) => (result.body as ApiErrorBody).message;

export async function ask(api: RunningApi, who: Actor, question_text: string, cancer_type?: string): Promise<number> {
  const result = await call<{ id: number }>(api, 'POST', QuestionPaths.list, { token: who.token, body: { question_text, cancer_type } });
  if (result.status !== 201) throw new Error(`asking failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.id;
}

export const EXPERT_FIELDS = { explanation_logic: 'Because trials show it.', sources: ['https://example.org/trial'], search_method: 'PubMed' };

export async function answer(api: RunningApi, who: Actor, questionId: number, body: Partial<CreateAnswerRequest>): Promise<AnswerView> {
  const result = await call<AnswerView>(api, 'POST', QuestionPaths.answers(questionId), { token: who.token, body });
  if (result.status !== 201) throw new Error(`answering failed: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
}

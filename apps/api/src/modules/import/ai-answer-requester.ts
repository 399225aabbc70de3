import { Injectable } from '@nestjs/common';

/**
 * What the importer needs of the AI-answers job: ask for an answer to a new question and read how its run goes.
 * The ai module's `AiAnswersService` has this shape; `import.module.ts` binds the token to it.
 */
export interface AiAnswerRequester {
  isConfigured(): boolean;
  requestAnswer(
    questionId: number,
    opts: { requestedBy: string | null; trigger: 'auto' | 'admin' | 'import'; useProfile?: boolean; regenerate?: boolean },
  ): Promise<{ runId: number }>;
  runStatus(runId: number): Promise<{ status: 'queued' | 'running' | 'succeeded' | 'failed'; error?: string | null } & Record<string, unknown>>;
}

export const AI_ANSWER_REQUESTER = Symbol('AI_ANSWER_REQUESTER');

/** Stands in where no AI-answers service is bound: every import records that no AI answer was requested. */
@Injectable()
export class AiNotConfiguredRequester implements AiAnswerRequester {
  isConfigured(): boolean {
    return false;
  }

  requestAnswer(): Promise<{ runId: number }> {
    return Promise.reject(new Error('AI provider not configured'));
  }

  runStatus(): Promise<never> {
    return Promise.reject(new Error('AI provider not configured'));
  }
}

import { Injectable, Logger, Module } from '@nestjs/common';
import type { Role } from '@cqa/contracts';

export interface QuestionAsked {
  questionId: number;
  askedBy: string;
  role: Role;
  /** The asker consented to tailoring the AI answer with their minimised profile. */
  useProfile: boolean;
}

type Listener = (event: QuestionAsked) => Promise<void>;

/**
 * Lets modules that may call `questions` (answers: the AI answer) react to a new question without `questions`
 * calling them back. A failing listener is logged and never fails the ask.
 */
@Injectable()
export class QuestionEvents {
  private readonly logger = new Logger('questions');
  private readonly listeners: Listener[] = [];

  onAsked(listener: Listener): void {
    this.listeners.push(listener);
  }

  async asked(event: QuestionAsked): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(event);
      } catch (error) {
        this.logger.warn({ questionId: event.questionId, err: error instanceof Error ? error.message : String(error), msg: 'question-asked listener failed' });
      }
    }
  }
}

/** QuestionEvents alone, for the modules that listen (the answer sources) without importing the rest of `questions`. */
@Module({ providers: [QuestionEvents], exports: [QuestionEvents] })
export class QuestionEventsModule {}

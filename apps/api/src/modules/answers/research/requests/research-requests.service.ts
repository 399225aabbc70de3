import {
  ConflictException, ForbiddenException, HttpException, HttpStatus, Injectable, NotFoundException, ServiceUnavailableException,
} from '@nestjs/common';
import {
  AI_NOT_CONFIGURED_MESSAGE, Messages, RESEARCH_QUEUE_PAGE_SIZE, RESEARCH_REQUESTS_PER_HOUR, ResearchQueueResponse, ResearchRequestTexts, ResearchRequestView, ResearchRunView, ResearchTexts,
} from '@cqa/contracts';
import type { AuthenticatedUser } from '../../../../common/access/access.guard';
import { release, reserve } from '../../../../common/throttle/redis-reservation';
import { RedisClient } from '../../../../queues/redis-client.provider';
import { AiProvider } from '../../../ai';
import { ResearchRunLifecycle } from '../research-run-lifecycle';
import { ResearchService } from '../research.service';
import { RequestRow, ResearchRequestsRepository, toView } from './research-requests.repository';

const requestsKey = (userId: string) => `research:requests:user:${userId}`;
const BEFORE_SEARCH = ['planning', 'awaiting_approval'];

/**
 * Deep research a patient asks for. The request takes a start from the research budgets when it is made (so an
 * over-budget request is refused and nothing waits); a reviewer taking it starts the ordinary run with that start, and
 * from then on the run's own plan review, budgets and runner do the work. Declining, or the patient cancelling before
 * review, gives the start back, to the window it was taken from only: a request left waiting past that window's end
 * (24 hours from the counter's first use) holds nothing of a later one, and giving its start back then credits nothing.
 */
@Injectable()
export class ResearchRequestsService {
  constructor(
    private readonly repo: ResearchRequestsRepository,
    private readonly research: ResearchService,
    private readonly lifecycle: ResearchRunLifecycle,
    private readonly ai: AiProvider,
    private readonly redisClient: RedisClient,
  ) {}

  async request(caller: AuthenticatedUser, questionId: number): Promise<ResearchRequestView> {
    await this.assertOwner(caller, questionId);
    if (!this.ai.isConfigured) throw new ServiceUnavailableException(AI_NOT_CONFIGURED_MESSAGE);
    const existing = await this.repo.byQuestion(questionId);
    if (existing && existing.status !== 'cancelled') throw new ConflictException(ResearchRequestTexts.duplicate);
    await this.redisClient.ready();
    const rule = { key: requestsKey(caller.id), limit: RESEARCH_REQUESTS_PER_HOUR, windowSeconds: 3600 };
    if (await reserve(this.redisClient.redis, [rule])) {
      throw new HttpException(ResearchRequestTexts.rateLimited(RESEARCH_REQUESTS_PER_HOUR), HttpStatus.TOO_MANY_REQUESTS);
    }
    let created: RequestRow | null;
    try {
      // 429 with the budget's words when the patient's or the platform's daily starts are spent: nothing is queued.
      created = await this.lifecycle.request(questionId, caller.id);
    } catch (error) {
      await release(this.redisClient.redis, [rule.key]);
      throw error;
    }
    if (!created) {
      await release(this.redisClient.redis, [rule.key]);
      throw new ConflictException(ResearchRequestTexts.duplicate);
    }
    return toView(created);
  }

  async cancel(caller: AuthenticatedUser, questionId: number): Promise<ResearchRequestView> {
    await this.assertOwner(caller, questionId);
    const row = await this.repo.byQuestion(questionId);
    if (!row || row.status === 'cancelled') throw new NotFoundException(ResearchRequestTexts.notFound);
    if (!(await this.lifecycle.withdrawRequest(row))) throw new ConflictException(ResearchRequestTexts.notCancellable);
    return toView((await this.repo.byId(row.id))!);
  }

  async queue(caller: AuthenticatedUser, page = 1, perPage = RESEARCH_QUEUE_PAGE_SIZE): Promise<ResearchQueueResponse> {
    this.assertControl(caller);
    const { items, total } = await this.repo.queue(caller.id, page, perPage);
    return { items, total, page, per_page: perPage };
  }

  /** First reviewer wins: the request leaves 'requested' in one conditional UPDATE; the run starts on the request's budget. */
  async take(caller: AuthenticatedUser, id: number): Promise<ResearchRunView> {
    this.assertControl(caller);
    if (!this.ai.isConfigured) throw new ServiceUnavailableException(AI_NOT_CONFIGURED_MESSAGE);
    const row = await this.found(id);
    let started: ResearchRunView | undefined;
    const runId = await this.lifecycle.takeRequest(row, caller.id, async () => {
      started = await this.research.start(caller, row.question_id, { reserved: true });
      return started.id;
    });
    if (runId === null) throw new ConflictException(ResearchRequestTexts.alreadyTaken);
    // Another run of the question already under way became the request's.
    return started ?? this.research.runView(runId);
  }

  /**
   * Before review, or while its plan is under review (the run is cancelled first); the reason goes to the patient, and
   * the answer e-mail and "New answers" mark tell them, written in the transaction that declines.
   */
  async decline(caller: AuthenticatedUser, id: number, reason: string): Promise<ResearchRequestView> {
    this.assertControl(caller);
    const row = await this.found(id);
    if (row.status === 'taken') {
      if (!row.run_id || !row.run_status || !BEFORE_SEARCH.includes(row.run_status)) throw new ConflictException(ResearchRequestTexts.notDeclinable);
      await this.research.cancel(caller, row.question_id, row.run_id).catch((error: unknown) => {
        if (error instanceof ConflictException) throw new ConflictException(ResearchRequestTexts.notDeclinable);
        throw error;
      });
    } else if (row.status !== 'requested') {
      throw new ConflictException(ResearchRequestTexts.alreadyTaken);
    }
    if (!(await this.lifecycle.declineRequest(row, caller.id, reason))) throw new ConflictException(ResearchRequestTexts.alreadyTaken);
    return toView((await this.repo.byId(row.id))!);
  }

  private async found(id: number): Promise<RequestRow> {
    const row = await this.repo.byId(id);
    if (!row || row.status === 'cancelled') throw new NotFoundException(ResearchRequestTexts.notFound);
    return row;
  }

  private assertControl(caller: AuthenticatedUser): void {
    if (!this.research.mayControl(caller)) throw new ForbiddenException(ResearchTexts.expertsMayNotStart);
  }

  /** Only the patient who asked the question: another patient's question answers 403, an unknown one 404. */
  private async assertOwner(caller: AuthenticatedUser, questionId: number): Promise<void> {
    const question = await this.repo.owner(questionId);
    if (!question) throw new NotFoundException(Messages.errors.questionNotFound);
    if (question.user_id !== caller.id) throw new ForbiddenException(ResearchRequestTexts.notYourQuestion);
  }
}

import type { INestApplicationContext } from '@nestjs/common';
import { FakeAi, startFakeAi } from '../../../../../../../tools/fake-ai/fake-ai-server';
import { FixtureServer, startFixtureServer } from '../../../../../../../tools/literature-fixtures/fixture-server';
import { loadConfig } from '../../../../config/app-config';
import { createWorker } from '../../../../worker/create-worker';
import type { RunningApi } from '../../../../../test/api-harness';
import { call } from '../../../../../test/accounts-helpers';
import type { AiRunView } from '@cqa/contracts';

/** The question the literature fixtures answer (see tools/literature-fixtures/README.md). */
export const FIXTURE_QUESTION = 'Does exercise help with fatigue during chemotherapy?';
export const FIXTURE_CANCER_TYPE = 'Breast Cancer';

export interface AiFakes {
  ai: FakeAi;
  literature: FixtureServer;
  /** AI_* and *_BASE_URL pointing at the fakes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startAiFakes(): Promise<AiFakes> {
  const ai = await startFakeAi({ port: 0 });
  const literature = await startFixtureServer();
  return {
    ai,
    literature,
    env: {
      AI_BASE_URL: ai.url,
      AI_API_KEY: 'fake',
      AI_MODEL: 'fake-model',
      AI_MODEL_FAST: 'fake-model-fast',
      AI_TIMEOUT_MS: '5000',
      NCBI_EUTILS_BASE_URL: literature.baseUrls.eutils,
      EUROPEPMC_BASE_URL: literature.baseUrls.europepmc,
      CTGOV_BASE_URL: literature.baseUrls.ctgov,
      CROSSREF_BASE_URL: literature.baseUrls.crossref,
      NCBI_EMAIL: 'tests@example.test',
    },
    close: async () => {
      await ai.close();
      await literature.close();
    },
  };
}

export function startTestWorker(env: Record<string, string>): Promise<INestApplicationContext> {
  return createWorker(loadConfig({ ...process.env, ...env }, 'worker'));
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 25000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const latestRun = async (api: RunningApi, token: string, questionId: number) =>
  (await call<{ run: AiRunView | null; configured: boolean }>(api, 'GET', `/api/questions/${questionId}/ai-run`, { token })).body;

/** Polls until the question's latest run has finished (or the time is up). */
export const finishedRun = (api: RunningApi, token: string, questionId: number, timeoutMs?: number) =>
  waitFor(
    () => latestRun(api, token, questionId),
    (r) => r.run?.status === 'succeeded' || r.run?.status === 'failed',
    timeoutMs,
  ).then((r) => r.run);

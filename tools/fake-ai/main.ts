/**
 * `npm run fake:ai`: the fake OpenAI-compatible server for demos. Environment: FAKE_AI_PORT (4010), FAKE_AI_HOST
 * (127.0.0.1), FAKE_AI_API_KEY (unset: any key), FAKE_AI_FAULT (one of FAKE_AI_FAULTS), FAKE_AI_FAULT_TIMES and
 * FAKE_AI_CONTEXT_TOKENS (a context window: longer prompts lose their beginning, as on Ollama).
 */
import { FAKE_AI_FAULTS, startFakeAi } from './fake-ai-server.ts';
import type { FakeAiFault } from './fake-ai-server.ts';

const env = process.env;
const faultName = env.FAKE_AI_FAULT as FakeAiFault | undefined;
if (faultName && !FAKE_AI_FAULTS.includes(faultName)) {
  console.error(`FAKE_AI_FAULT must be one of ${FAKE_AI_FAULTS.join(', ')}`);
  process.exit(1);
}
async function main(): Promise<void> {
  const fake = await startFakeAi({
    port: Number(env.FAKE_AI_PORT ?? 4010),
    host: env.FAKE_AI_HOST ?? '127.0.0.1',
    apiKey: env.FAKE_AI_API_KEY || null,
    fault: faultName ? { fault: faultName, times: env.FAKE_AI_FAULT_TIMES ? Number(env.FAKE_AI_FAULT_TIMES) : undefined } : null,
    contextTokens: env.FAKE_AI_CONTEXT_TOKENS ? Number(env.FAKE_AI_CONTEXT_TOKENS) : null,
  });
  console.log(`Fake OpenAI-compatible server on ${fake.url}`);
  console.log(`Point the app at it: AI_BASE_URL=${fake.url} AI_API_KEY=${env.FAKE_AI_API_KEY || 'fake'} AI_MODEL=fake-model AI_MODEL_FAST=fake-model-fast`);
  console.log(`Faults: POST ${fake.url.replace(/\/v1$/, '')}/__faults {"fault":"${FAKE_AI_FAULTS.join('|')}","times":1}; calls: GET /__stats`);
  if (faultName) console.log(`Active fault: ${faultName}`);
  if (env.FAKE_AI_CONTEXT_TOKENS) console.log(`Context window: ${env.FAKE_AI_CONTEXT_TOKENS} tokens (longer prompts lose their beginning)`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();

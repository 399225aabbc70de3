// npm run start:demo-ai: `npm start` with AI answers offline. Starts the fake OpenAI-compatible server (FAKE_AI_PORT,
// default 4010) and the literature fixture server (FIXTURES_PORT, default 4020), then `npm start` with AI_* and
// *_BASE_URL pointing at them; Ctrl+C stops all three. Ask "Does exercise help with fatigue during chemotherapy?"
// (cancer type Breast Cancer): the question the fixtures hold.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeAi } from '../fake-ai/fake-ai-server.ts';
import { startFixtureServer } from '../literature-fixtures/fixture-server.ts';
import { offlineAiEnv } from '../fake-ai/offline-ai-env.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
if (process.env.NODE_ENV === 'production') {
  console.error('start:demo-ai runs fakes; it refuses NODE_ENV=production.');
  process.exit(1);
}
const ai = await startFakeAi({ port: Number(process.env.FAKE_AI_PORT ?? 4010) });
const fixtures = await startFixtureServer({ port: Number(process.env.FIXTURES_PORT ?? 4020), dir: path.join(ROOT, 'tools/literature-fixtures/fixtures') });
const demoEnv = offlineAiEnv(ai.url, fixtures.baseUrls);
console.log(`Fake AI on ${ai.url}; literature fixtures on ${fixtures.url}`);
console.log('Ask "Does exercise help with fatigue during chemotherapy?" (Breast Cancer): the question the fixtures hold.');
const child = spawn('node', ['tools/scripts/start.mjs'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...demoEnv } });
const stop = () => {
  if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', async (code) => {
  await ai.close();
  await fixtures.close();
  process.exit(code ?? 0);
});

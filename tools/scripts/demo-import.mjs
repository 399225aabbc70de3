// npm run demo:import: the link-import demo in one command. Starts the demo pages (127.0.0.1:4599) and the fake AI
// (127.0.0.1:4010), then `npm start` with FETCH_ALLOW_HOSTS, REDDIT_BASE_URL and the AI settings pointed at them.
// Not for production: the app refuses to boot with FETCH_ALLOW_HOSTS and NODE_ENV=production.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeAi } from '../fake-ai/fake-ai-server.ts';
import { DEMO_PAGES, startDemoPages } from '../demo-pages/demo-pages-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pages = await startDemoPages({ port: Number(process.env.DEMO_PAGES_PORT ?? 4599) });
const ai = await startFakeAi({ port: Number(process.env.FAKE_AI_PORT ?? 4010), host: '127.0.0.1' });
const env = {
  ...process.env,
  ...pages.env,
  AI_BASE_URL: ai.url,
  AI_API_KEY: 'fake',
  AI_MODEL: 'fake-model',
  AI_MODEL_FAST: 'fake-model-fast',
};
console.log(`Demo pages on ${pages.origin}; fake AI on ${ai.url}.`);
console.log(`Paste these on Admin → Users → Import:\n${Object.values(DEMO_PAGES).map((p) => `  ${pages.origin}${p}`).join('\n')}`);
const app = spawn('node', [path.join(root, 'tools/scripts/start.mjs')], { cwd: root, env, stdio: 'inherit' });
const stop = () => app.exitCode === null && app.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
app.on('exit', async (code) => {
  await Promise.all([pages.close(), ai.close()]);
  process.exit(code ?? 0);
});

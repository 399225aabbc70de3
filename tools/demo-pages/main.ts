/**
 * `npm run demo:pages`: the link-import demo site alone (DEMO_PAGES_PORT, default 4599). `npm run demo:import` starts
 * it with the fake AI and `npm start` pointed at both.
 */
import { DEMO_PAGES, startDemoPages } from './demo-pages-server.ts';

async function main(): Promise<void> {
  const pages = await startDemoPages({ port: Number(process.env.DEMO_PAGES_PORT ?? 4599) });
  console.log(`Link import demo pages on ${pages.origin}`);
  console.log(`Point the app at them: ${Object.entries(pages.env).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  console.log(`Try: ${Object.values(DEMO_PAGES).map((p) => `${pages.origin}${p}`).join('  ')}`);
  const stop = () => void pages.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPageRenderer, type PageRenderer } from './page-renderer';

const REQUEST = { url: '/patient/questions', route: '/patient/questions', session: { user: {} as never, accessToken: 't' }, data: [], narrow: false };

describe('the page renderer’s workers', () => {
  let dir: string;
  let renderer: PageRenderer | undefined;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cqa-renderer-'));
  });
  afterEach(async () => {
    await renderer?.close();
    renderer = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const script = (name: string, body: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, body);
    return file;
  };

  it('replaces a worker that a page crashed at once, even its first page', async () => {
    const file = script('crash-once.cjs', `
      const { parentPort } = require('node:worker_threads');
      parentPort.on('message', ({ id, request }) => {
        if (request.url.includes('crash')) process.exit(1);
        parentPort.postMessage({ id, rendered: true, html: '<p>ok</p>', state: '{}', route: request.url });
      });`);
    renderer = createPageRenderer(file, { workers: 1, timeoutMs: 3000 });
    const crashed = await renderer.render({ ...REQUEST, url: '/crash' });
    expect(crashed).toMatchObject({ rendered: false, reason: 'the renderer stopped' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await renderer.render(REQUEST)).toMatchObject({ rendered: true, html: '<p>ok</p>' });
  });

  it('does not restart a renderer that cannot start in a tight loop, and answers at once while none runs', async () => {
    const file = script('broken.cjs', `throw new Error('a broken build');`);
    const errors: unknown[] = [];
    renderer = createPageRenderer(file, { workers: 1, timeoutMs: 3000, onError: (error) => errors.push(error) });
    // The first start and its one immediate replacement both die; the next start waits.
    for (let waited = 0; errors.length < 2 && waited < 4000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(errors).toHaveLength(2);
    const started = Date.now();
    expect(await renderer.render(REQUEST)).toMatchObject({ rendered: false, reason: 'no renderer is running' });
    // At once, not after the 3 s time limit a render in a (missing) worker would wait for.
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('tells the renderer to stop a page it gave up on (issue 42, F-37: timed-out renders kept running)', async () => {
    const file = script('cancellable.cjs', `
      const { parentPort } = require('node:worker_threads');
      const cancelled = [];
      parentPort.on('message', (message) => {
        if ('cancel' in message) return cancelled.push(message.cancel);
        if (message.request.url === '/slow') return; // never answers by itself
        parentPort.postMessage({ id: message.id, rendered: true, html: 'cancelled:' + cancelled.join(','), state: '{}', route: '/' });
      });`);
    renderer = createPageRenderer(file, { workers: 1, timeoutMs: 300 });
    expect(await renderer.render({ ...REQUEST, url: '/slow' })).toMatchObject({ rendered: false, reason: 'the render took too long' });
    expect(await renderer.render(REQUEST)).toMatchObject({ rendered: true, html: 'cancelled:1' });
  });
});

// The page server's bundle (tools/webpack/server-render.mjs writes it to dist/web/server/render.cjs). In a
// worker thread (apps/api/src/web/page-renderer.ts) it answers render requests; required on the main thread (the
// build), it exports the renderer, the stylesheet collector and the pages' frames.
import { parentPort } from 'node:worker_threads';
import type { RenderMessage, RenderReply } from '@cqa/contracts';
import { appTheme } from '@cqa/web-ui';
import { renderPage } from './render-page';
import { renderSamples } from './style-sheet';

export { renderPage } from './render-page';
export { collectStyleSheet, pageFrames } from './style-sheet';

if (parentPort) {
  const port = parentPort;
  // The browser gets antd's styles from the build's stylesheet: the renderer need not work out any (antd's zero-runtime
  // mode leaves the markup as it is, class names included). The build's own stylesheet step runs on the main thread.
  Object.assign(appTheme, { zeroRuntime: true });
  // The first render of each page works out antd's styles and warms the code up (a second or more on a busy machine):
  // done with the samples before the first real page, not on a patient's time.
  const warm = renderSamples().catch(() => undefined);
  const running = new Map<number, AbortController>();
  port.on('message', (message: RenderMessage) => {
    if ('cancel' in message) {
      running.get(message.cancel)?.abort();
      return;
    }
    const { id, request } = message;
    const controller = new AbortController();
    running.set(id, controller);
    warm
      .then(() => renderPage(request, controller.signal))
      .then(
        (result) => port.postMessage({ id, ...result } satisfies RenderReply),
        (error: unknown) => port.postMessage({ id, rendered: false, error: true, reason: error instanceof Error ? error.message : String(error) } satisfies RenderReply),
      )
      .finally(() => running.delete(id));
  });
}

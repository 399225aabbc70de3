// The build's pre-render of the public pages (tools/webpack/prerender.mjs bundles this for Node and writes their HTML):
// the same App the browser runs, at a given path, signed out, with antd's CSS-in-JS styles collected for the page's
// <head>. The browser then hydrates that HTML (bootstrap.tsx) instead of drawing the page from nothing.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { createAppStore } from '@cqa/web-core';
import { App } from './app/App';
// Which URLs the build writes, and under which file names (contracts: the API and nginx answer each URL with its own).
export { prerenderedUrls, RESET_TOKEN_PLACEHOLDER } from '@cqa/contracts';
import { createRemotePageResolver } from './app/routing/remote-pages';

export async function prerenderPage(location: string): Promise<{ html: string; styles: string }> {
  const cache = createCache();
  // Only shell pages are pre-rendered; a remote page here is a mistake in the list of pages.
  const resolver = createRemotePageResolver(() => Promise.reject(new Error(`${location} is not a shell page`)));
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StyleProvider cache={cache}>
        <App store={createAppStore()} resolver={resolver} location={location} />
      </StyleProvider>
    </StrictMode>,
    // Every Suspense boundary in place: a large one would otherwise come after the page with an inline script to move
    // it in, which the CSP (script-src 'self') refuses, leaving the page hidden until the scripts have run.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return { html, styles: extractStyle(cache) };
}

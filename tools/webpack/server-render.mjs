// After the shell's production build (its `build` script, after prerender.mjs): the page server's renderer and antd's
// stylesheet.
// 1. Bundles apps/shell/src/server/main.ts for Node into dist/web/server/render.cjs (outside the served folders): the shell's App with the
//    remotes' './pages' modules (each remote's src/pages.ts, reached as 'patient/pages' etc. like the federation names
//    them). The API runs it in worker threads to render signed-in pages (apps/api/src/web/page-renderer.ts).
// 2. Renders the server-rendered pages with sample data and writes antd's styles for them as one content-hashed file,
//    dist/web/shell/assets/antd.<hash>.css (+ .br, .gz), linked from the shell's index.html and every page the
//    page server sends; dist/web/server/manifest.json names it.
// 3. Writes each server-rendered page's frame (the top bar and its loading state, apps/shell/src/server/page-frame.tsx)
//    to dist/web/server/frames.json: the page server sends it before the page's data is loaded and rendered.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { bundleForNode, libAliases } from './node-bundle.mjs';

const require = createRequire(import.meta.url);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({ options: { 'web-dist': { type: 'string', default: 'dist/web' } } });
const webDist = path.resolve(root, args['web-dist']);
const shellDist = path.join(webDist, 'shell');
const serverOut = path.join(webDist, 'server');

const aliases = libAliases({
  '@cqa/web-qa': path.join(root, 'libs/web-qa/src/index.ts'),
  'react-router-dom$': path.join(root, 'libs/web-core/src/routing/react-router-dom.ts'),
  'patient/pages$': path.join(root, 'apps/patient/src/pages.ts'),
  'expert/pages$': path.join(root, 'apps/expert/src/pages.ts'),
  'admin/pages$': path.join(root, 'apps/admin/src/pages.ts'),
});

const bundle = () => bundleForNode({ name: 'render', entry: './src/server/main.ts', outDir: serverOut, aliases });

const compressedCopies = (file, content) => {
  writeFileSync(`${file}.br`, zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
};

/** Links the stylesheet from an HTML document (the shell's index.html), replacing an earlier build's link. */
export function linkStylesheet(html, href) {
  if (!html.includes('</head>')) throw new Error('the shell index.html has no </head>');
  const link = `<link rel="stylesheet" href="${href}" data-antd>`;
  const without = html.replace(/<link rel="stylesheet" href="[^"]*" data-antd>/, '');
  return without.replace('</head>', () => `${link}</head>`);
}

async function main() {
  const { collectStyleSheet, pageFrames } = require(await bundle());
  const css = await collectStyleSheet();
  const hash = createHash('sha256').update(css).digest('hex').slice(0, 12);
  const assets = path.join(shellDist, 'assets');
  mkdirSync(assets, { recursive: true });
  for (const old of readdirSync(assets)) if (/^antd\.[0-9a-f]+\.css/.test(old)) rmSync(path.join(assets, old));
  const cssFile = path.join(assets, `antd.${hash}.css`);
  writeFileSync(cssFile, css);
  compressedCopies(cssFile, Buffer.from(css));
  const href = `/assets/antd.${hash}.css`;
  writeFileSync(path.join(serverOut, 'manifest.json'), JSON.stringify({ stylesheet: href }, null, 2));
  writeFileSync(path.join(serverOut, 'frames.json'), JSON.stringify(await pageFrames()));

  const indexFile = path.join(shellDist, 'index.html');
  const index = Buffer.from(linkStylesheet(readFileSync(indexFile, 'utf8'), href));
  writeFileSync(indexFile, index);
  if (existsSync(`${indexFile}.br`) || existsSync(`${indexFile}.gz`)) compressedCopies(indexFile, index);
  const brotli = zlib.brotliCompressSync(Buffer.from(css)).length;
  console.log(`page server: ${path.relative(root, serverOut)}/render.cjs; ${href} (${(css.length / 1024).toFixed(1)} KB, ${(brotli / 1024).toFixed(1)} KB brotli)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

// After the shell's production build (its `build` script): the public pages as HTML. Bundles
// apps/shell/src/prerender.tsx for Node, renders each public page's every state signed out (one URL per state:
// prerenderedUrls in libs/contracts/src/public-pages.ts), and writes dist/web/shell/prerendered/<file>.html (+ .br and
// .gz): the public pages build's index.html (public/index.html) with the state's markup in #root and antd's styles for
// it in <head>. The API sends these for their URLs (apps/api/src/web/web-static.ts), so a visitor sees the page, and
// can use its links and forms, before any script has run; public-pages.tsx hydrates it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { bundleForNode, libAliases } from './node-bundle.mjs';

const require = createRequire(import.meta.url);
const { dropUnusedGridRules } = require('./unused-grid-css.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// `--web-dist DIR` pre-renders into another build (default dist/web).
const { values: args } = parseArgs({ options: { 'web-dist': { type: 'string', default: 'dist/web' } } });
const shellDist = path.join(path.resolve(root, args['web-dist']), 'shell');
const serverOut = path.join(root, 'dist/prerender');

const aliases = libAliases();

const bundle = () => bundleForNode({ name: 'prerender', entry: './src/prerender.tsx', outDir: serverOut, aliases });

// The minified index.html writes attributes without quotes where it can.
const EMPTY_ROOT = /<div id="?root"?><\/div>/;

export function pageDocument(template, { html, styles }) {
  if (!EMPTY_ROOT.test(template) || !template.includes('</head>')) throw new Error('the shell index.html has no empty #root or no </head>');
  // Not inert: its links and forms work before the script has run (real URLs, form posts), and hydration keeps what was typed.
  return template.replace('</head>', () => `${dropUnusedGridRules(styles, html)}</head>`).replace(EMPTY_ROOT, () => `<div id="root">${html}</div>`);
}

async function main() {
  const { prerenderPage, prerenderedUrls, RESET_TOKEN_PLACEHOLDER } = require(await bundle());
  // The public pages' own build (createPublicPagesConfig in create-web-config.cjs) hydrates them.
  const template = readFileSync(path.join(shellDist, 'public', 'index.html'), 'utf8');
  const outDir = path.join(shellDist, 'prerendered');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const { url: location, file: name } of prerenderedUrls()) {
    const rendered = await prerenderPage(location);
    if (!rendered.html.includes('<h1')) throw new Error(`the pre-render of ${location} has no page heading`);
    // The CSP (script-src 'self') refuses inline scripts, such as React's for a Suspense boundary sent after the page.
    if (/<script(?![^>]*\bsrc=)/.test(rendered.html)) throw new Error(`the pre-render of ${location} has an inline script`);
    // The page server writes a reset link's token over the placeholder (web-static.ts): it must be there, once, as a value.
    if (location.includes(RESET_TOKEN_PLACEHOLDER) && rendered.html.split(`value="${RESET_TOKEN_PLACEHOLDER}"`).length !== 2) {
      throw new Error(`the pre-render of ${location} does not hold the token placeholder once`);
    }
    const document = Buffer.from(pageDocument(template, rendered));
    const file = path.join(outDir, `${name}.html`);
    writeFileSync(file, document);
    writeFileSync(`${file}.br`, zlib.brotliCompressSync(document, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, zlib.gzipSync(document, { level: 9 }));
    console.log(`pre-rendered ${location} -> ${path.relative(root, file)} (${(document.length / 1024).toFixed(1)} KB)`);
  }
  rmSync(serverOut, { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

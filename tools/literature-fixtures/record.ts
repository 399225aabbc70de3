/**
 * `npm run fixtures:record`: re-fetches every fixture's request from the real API and rewrites its response
 * (needs internet; nothing here can reach it). NCBI asks for a contact: set NCBI_EMAIL (and NCBI_TOOL, optional
 * NCBI_API_KEY); Crossref's polite pool uses CROSSREF_MAILTO (default NCBI_EMAIL). `-- --dry-run` prints the URLs
 * only; `-- crossref` limits it to one API. Requests are spaced 400 ms apart (NCBI allows 3 a second without a key).
 *
 * A recorded fixture says so in `_comment`. The fixtures' ids are fictional, so the live answers differ: after
 * recording, update the tests that assert specific records (literature clients, resolveIds) to the new content.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FIXTURE_APIS, loadFixtures, REAL_BASE_URLS } from './fixture-server.ts';
import type { FixtureApi, LoadedFixture } from './fixture-server.ts';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const only = args.filter((a) => (FIXTURE_APIS as readonly string[]).includes(a)) as FixtureApi[];
const email = process.env.NCBI_EMAIL ?? '';
const mailto = process.env.CROSSREF_MAILTO || email;

export function realUrl(fixture: LoadedFixture): URL {
  const { api, path: p, query } = fixture.request;
  const url = new URL(`${REAL_BASE_URLS[api]}${p}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  if (api === 'eutils') {
    url.searchParams.set('tool', process.env.NCBI_TOOL || 'cancer-qa');
    url.searchParams.set('email', email);
    if (process.env.NCBI_API_KEY) url.searchParams.set('api_key', process.env.NCBI_API_KEY);
  }
  if (api === 'crossref') url.searchParams.set('mailto', mailto);
  return url;
}

async function record(fixture: LoadedFixture): Promise<void> {
  const url = realUrl(fixture);
  const shown = url.toString().replace(/api_key=[^&]+/, 'api_key=***');
  if (dryRun) {
    console.log(`${path.relative(process.cwd(), fixture.file)}  <-  ${shown}`);
    return;
  }
  const response = await fetch(url, { headers: { 'user-agent': `cancer-qa-fixtures/0.1 (mailto:${mailto})` }, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
  const { file: _file, ...stored } = fixture;
  const next = {
    ...stored,
    _comment: `RECORDED from ${shown.replace(/(email|mailto)=[^&]+/g, '$1=…')} on ${new Date().toISOString().slice(0, 10)} by npm run fixtures:record.`,
    response: { status: response.status, contentType } as LoadedFixture['response'],
  };
  if (fixture.response.bodyFile) {
    fs.writeFileSync(path.join(path.dirname(fixture.file), fixture.response.bodyFile), text);
    next.response.bodyFile = fixture.response.bodyFile;
  } else {
    next.response.body = contentType.includes('json') ? JSON.parse(text) : text;
  }
  fs.writeFileSync(fixture.file, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`${response.status} ${path.relative(process.cwd(), fixture.file)}`);
}

async function main(): Promise<void> {
  if (!dryRun && !email) {
    console.error('Set NCBI_EMAIL (a contact address NCBI and Crossref ask for) before recording.');
    process.exit(1);
  }
  const fixtures = loadFixtures().filter((f) => only.length === 0 || only.includes(f.request.api));
  for (const fixture of fixtures) {
    await record(fixture);
    if (!dryRun) await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

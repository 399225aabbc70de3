// npm run bench:web [-- --web-dist dist/web] [--api-root DIR] [--label after] [--save file.json] [--compare before.json]
//                       [--runs 1] [--lighthouse-runs 3] [--no-lighthouse] [--first-only] [--no-render-bench] [--smoke]
//                       [--pages landing,disclaimers]
//
// Starts the built API (with the built web of --web-dist, default dist/web) on a throwaway database with the demo
// accounts and one question, then:
// - the page server (tools/bench/web-render-bench.mjs): each server-rendered page requested by 20 signed-in clients at
//   once, the HTML's time to the first byte and from there to the end (p50/p95), and the API's latency meanwhile
//   (--no-render-bench leaves it out);
// - Lighthouse (the `lighthouse` package, its default mobile profile: simulated slow 4G, 4x CPU slowdown) on the
//   public pages (landing, login, register, disclaimers) and the signed-in ones (patient dashboard and question,
//   expert and admin dashboards), each as a first visit (a fresh browser context) and a repeat visit (warm cache;
//   --first-only leaves those out), median of --lighthouse-runs runs, printed with issue #35's targets (Performance,
//   FCP, LCP, TBT, CLS, JS on the wire, and Accessibility, Best Practices, SEO);
// - the byte counts: each page in headless Chromium, cold (empty cache) and warm (the same page again), bytes on the
//   wire per resource type, requests, LCP and total blocking time as markdown tables (--runs runs, median).
// Debian Chromium runs both (/usr/bin/chromium, CHROMIUM_PATH overrides). --save keeps the figures; --compare prints
// them against a saved run (before/after). --smoke: the landing page, one Lighthouse run, no byte tables; fails when
// Lighthouse gives no score (a check that the benchmark itself still works). --pages: Lighthouse on these pages only
// (names as printed, comma-separated), no byte tables (--save and --compare then hold the Lighthouse figures alone).
/* global window -- the observers and the measurement run in the page */
import { chromium } from '@playwright/test';
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { compareLighthouse, lighthousePages, printLighthouse, runLighthouse } from './web-lighthouse.mjs';
import { benchServerRender, printServerRender } from './web-render-bench.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const mysql = require('mysql2/promise');

const { values: args } = parseArgs({
  options: {
    'web-dist': { type: 'string', default: 'dist/web' },
    label: { type: 'string', default: 'this run' },
    save: { type: 'string' },
    compare: { type: 'string' },
    runs: { type: 'string', default: '1' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'no-lighthouse': { type: 'boolean', default: false },
    'first-only': { type: 'boolean', default: false },
    'no-render-bench': { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    pages: { type: 'string' },
    // Another checkout whose built API (dist/api) serves the run, e.g. the commit before a change, for a true "before".
    'api-root': { type: 'string' },
  },
});
const API_ROOT = path.resolve(args['api-root'] ?? ROOT);

const DEMO_PASSWORD = 'Demo-pass-2026';
const DEMO = { patient: 'patient@demo.cancer-qa.test', expert: 'expert@demo.cancer-qa.test', admin: 'admin@demo.cancer-qa.test' };
const QUESTION_TEXT = 'Does exercise help with fatigue during chemotherapy?';
const TYPES = ['Document', 'Script', 'Stylesheet', 'Fetch', 'Image', 'Font', 'Other'];

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Prints a run's byte tables (if any), compares it with --compare's saved run, and saves it (--save). */
function report(run) {
  if (run.results.length > 0) print(run);
  if (args.compare) {
    const before = JSON.parse(readFileSync(args.compare, 'utf8'));
    if (run.results.length > 0 && before.results.length > 0) compare(before, run);
    if (before.lighthouse && run.lighthouse) {
      console.log(`\n#### Lighthouse (mobile) — ${before.label} → ${run.label}`);
      compareLighthouse(before.lighthouse, run.lighthouse);
    }
  }
  if (args.save) writeFileSync(args.save, JSON.stringify(run, null, 2));
}

async function startApp() {
  const id = `${Date.now().toString(36)}`;
  const database = new URL(process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/cqa');
  database.pathname = `/cqa_webbench_${id}`;
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: database.toString(),
    QUEUE_PREFIX: `cqa_webbench_${id}`,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST_DIR: path.resolve(ROOT, args['web-dist']),
    AI_AUTO_ANSWER: 'false',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
    // The render bench sends every page load from one address (loopback), Lighthouse reloads one session's pages.
    PAGE_RESTORES_PER_MINUTE_PER_IP: '100000',
    PAGE_RESTORES_PER_MINUTE_PER_SESSION: '1000',
    // As in the end-to-end runs: otherwise the demo admin must enrol an authenticator and gets no session, and the
    // "admin dashboard" rows measured the landing page the shell sends a signed-out visitor to.
    TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false',
    TWO_FACTOR_REQUIRED_FOR_EXPERTS: 'false',
  };
  for (const command of ['migrate', 'seed']) {
    const done = spawnSync('node', ['dist/api/apps/api/src/database/cli.js', command], { cwd: API_ROOT, stdio: 'inherit', env });
    if (done.status !== 0) throw new Error(`${command} failed`);
  }
  const api = spawn('node', ['dist/api/apps/api/src/main.js'], { cwd: API_ROOT, stdio: ['ignore', 'inherit', 'inherit'], env });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 120 || api.exitCode !== null) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = async () => {
    api.kill('SIGTERM');
    await new Promise((r) => (api.exitCode === null ? api.once('exit', r) : r()));
    const connection = await mysql.createConnection({ uri: database.toString().replace(/\/[^/]*$/, '/') });
    await connection.query(`DROP DATABASE IF EXISTS \`${database.pathname.slice(1)}\``);
    await connection.end();
  };
  return { baseUrl, stop };
}

async function apiLogin(baseUrl, role) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO[role], password: DEMO_PASSWORD, role }),
  });
  if (!res.ok) throw new Error(`login as ${role}: ${res.status}`);
  return (await res.json()).accessToken;
}

// Collected in the page from its first byte: LCP and long tasks (for TBT after first contentful paint).
const OBSERVERS = () => {
  window.__bench = { lcp: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
};

async function measure(page, cdp, url, ready) {
  const requests = new Map();
  const onResponse = ({ requestId, type, response }) => requests.set(requestId, { type, url: response.url, bytes: 0, fromCache: response.fromDiskCache || response.fromPrefetchCache });
  const onFinished = ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId);
    if (r) r.bytes = encodedDataLength;
  };
  const onCached = ({ requestId }) => requests.set(requestId, { type: 'Other', url: '', bytes: 0, fromCache: true, memory: true });
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.requestServedFromCache', onCached);
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  // A page that polls (an AI answer in progress) never goes quiet; 10 s is enough for everything it loads at first.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // LCP is final once the page has had a moment without new content.
  await page.waitForTimeout(300);
  const { lcp, fcp, tbt } = await page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const tbt = window.__bench.longTasks
      .filter(([start]) => start >= fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { lcp: window.__bench.lcp, fcp, tbt };
  });
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.loadingFinished', onFinished);
  cdp.off('Network.requestServedFromCache', onCached);
  const wire = Object.fromEntries(TYPES.map((t) => [t, 0]));
  let count = 0;
  for (const r of requests.values()) {
    if (r.memory) continue;
    count += 1;
    const type = TYPES.includes(r.type) ? r.type : r.type === 'XHR' ? 'Fetch' : 'Other';
    wire[type] += r.bytes;
  }
  return { wire, requests: count, lcp: Math.round(lcp), fcp: Math.round(fcp), tbt: Math.round(tbt) };
}

async function main() {
  const started = Date.now();
  const app = await startApp();
  try {
    const patientToken = await apiLogin(app.baseUrl, 'patient');
    const created = await fetch(`${app.baseUrl}/api/questions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${patientToken}` },
      body: JSON.stringify({ question_text: QUESTION_TEXT, cancer_type: 'Breast Cancer' }),
    });
    if (!created.ok) throw new Error(`creating the question: ${created.status}`);
    const questionId = (await created.json()).id;

    // Each page's own title: "any h1" would also match the Loading state's successor on a failed remote ("This page
    // couldn't load"), and would stop LCP and the byte count before the real page has rendered.
    const title = (name) => async (page) => {
      try {
        await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 30_000 });
      } catch (error) {
        const shown = await page.getByRole('heading', { level: 1 }).allTextContents();
        throw new Error(`${page.url()} did not show '${name}' (h1: ${JSON.stringify(shown)})`, { cause: error });
      }
    };
    const pages = [
      { name: 'landing', path: '/', role: null, ready: title('An AI-powered network of top cancer researchers') },
      { name: 'patient dashboard', path: '/patient/questions', role: 'patient', ready: title('Patients Dashboard') },
      { name: 'expert dashboard', path: '/expert/questions', role: 'expert', ready: title('Expert Dashboard') },
      { name: 'admin dashboard', path: '/admin', role: 'admin', ready: title('Admin Dashboard') },
      { name: 'question detail (patient)', path: `/patient/questions/${questionId}`, role: 'patient', ready: title(QUESTION_TEXT) },
    ];

    const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
    const logins = Object.fromEntries(Object.entries(DEMO).map(([role, email]) => [role, { email, password: DEMO_PASSWORD, role }]));
    const only = args.smoke ? ['landing'] : args.pages?.split(',').map((name) => name.trim());
    let renderResults;
    const rendered = lighthousePages(questionId).filter((p) => p.role && (!only || only.includes(p.name)));
    if (!args['no-render-bench'] && rendered.length > 0) {
      renderResults = await benchServerRender({ baseUrl: app.baseUrl, pages: rendered, logins });
      printServerRender(renderResults, `${args.label} (load average ${load()})`);
    }
    let lighthouseResults;
    if (!args['no-lighthouse']) {
      const lhPages = lighthousePages(questionId).filter((p) => !only || only.includes(p.name));
      if (lhPages.length === 0) throw new Error(`--pages names no page: ${lighthousePages(questionId).map((p) => p.name).join(', ')}`);
      const runs = args.smoke ? 1 : Number(args['lighthouse-runs']);
      const loadBefore = load();
      lighthouseResults = await runLighthouse({ baseUrl: app.baseUrl, pages: lhPages, runs, logins, executablePath, firstOnly: args.smoke || args['first-only'] });
      printLighthouse(lighthouseResults, `${args.label} (${args['web-dist']}; median of ${runs}; load average ${loadBefore} → ${load()})`);
      if (args.smoke) {
        const landing = lighthouseResults[0];
        if (!Number.isFinite(landing.performance) || !Number.isFinite(landing.lcp)) throw new Error('Lighthouse gave the landing page no score');
      }
      if (args.smoke) return;
      if (args.pages) {
        report({ label: args.label, webDist: args['web-dist'], load: load(), at: new Date().toISOString(), results: [], lighthouse: lighthouseResults, render: renderResults });
        return;
      }
    }

    const browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const results = [];
    for (let run = 0; run < Number(args.runs); run += 1) {
      for (const target of pages) {
        const context = await browser.newContext({ baseURL: app.baseUrl });
        if (target.role) {
          // The refresh cookie of an API sign-in lets the shell restore the session on load, as after a reload.
          const res = await context.request.post('/api/auth/login', { data: { email: DEMO[target.role], password: DEMO_PASSWORD, role: target.role } });
          if (!res.ok()) throw new Error(`browser login as ${target.role}: ${res.status()}`);
        }
        await context.addInitScript(OBSERVERS);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        const cold = await measure(page, cdp, target.path, target.ready);
        const warm = await measure(page, cdp, target.path, target.ready);
        results.push({ page: target.name, cold, warm });
        await context.close();
      }
    }
    await browser.close();
    report({ label: args.label, webDist: args['web-dist'], load: load(), at: new Date().toISOString(), results: median(results), lighthouse: lighthouseResults, render: renderResults });
    console.log(`\n(${Math.round((Date.now() - started) / 1000)} s)`);
  } finally {
    await app.stop();
  }
}

/** With --runs above 1, the median of each figure per page. */
function median(results) {
  const byPage = new Map();
  for (const r of results) byPage.set(r.page, [...(byPage.get(r.page) ?? []), r]);
  const mid = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return [...byPage.entries()].map(([page, runs]) => {
    const pick = (phase) => ({
      wire: Object.fromEntries(TYPES.map((t) => [t, mid(runs.map((r) => r[phase].wire[t]))])),
      requests: mid(runs.map((r) => r[phase].requests)),
      lcp: mid(runs.map((r) => r[phase].lcp)),
      fcp: mid(runs.map((r) => r[phase].fcp)),
      tbt: mid(runs.map((r) => r[phase].tbt)),
    });
    return { page, cold: pick('cold'), warm: pick('warm') };
  });
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const total = (wire) => Object.values(wire).reduce((a, b) => a + b, 0);

function print(report) {
  console.log(`\n#### bench:web — ${report.label} (${report.webDist}; load average ${report.load})\n`);
  console.log('| page | load | requests | JS KB | CSS KB | HTML KB | API KB | other KB | total KB | LCP ms | TBT ms |');
  console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of report.results) {
    for (const phase of ['cold', 'warm']) {
      const m = r[phase];
      const other = m.wire.Image + m.wire.Font + m.wire.Other;
      console.log(`| ${r.page} | ${phase} | ${m.requests} | ${kb(m.wire.Script)} | ${kb(m.wire.Stylesheet)} | ${kb(m.wire.Document)} | ${kb(m.wire.Fetch)} | ${kb(other)} | ${kb(total(m.wire))} | ${m.lcp} | ${m.tbt} |`);
    }
  }
}

function compare(before, after) {
  console.log(`\n#### bench:web — ${before.label} → ${after.label} (load average ${before.load} → ${after.load})\n`);
  console.log('| page | load | requests | JS KB on the wire | total KB | LCP ms | TBT ms |');
  console.log('|---|---|--:|--:|--:|--:|--:|');
  for (const a of after.results) {
    const b = before.results.find((x) => x.page === a.page);
    if (!b) continue;
    for (const phase of ['cold', 'warm']) {
      const [x, y] = [b[phase], a[phase]];
      console.log(`| ${a.page} | ${phase} | ${x.requests} → ${y.requests} | ${kb(x.wire.Script)} → ${kb(y.wire.Script)} | ${kb(total(x.wire))} → ${kb(total(y.wire))} | ${x.lcp} → ${y.lcp} | ${x.tbt} → ${y.tbt} |`);
    }
  }
}

await main();

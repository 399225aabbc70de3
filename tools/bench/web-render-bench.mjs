// The page server's half of bench:web (tools/bench/web-bench.mjs): each server-rendered page requested by 20 signed-in
// clients at once (each its own session, each following its rotated refresh cookie), and how long the HTML takes:
// to the first byte (the session restored and the head sent) and from there to the end (the page's data fetched
// from the API and rendered in the renderer's worker thread). Meanwhile another client calls the API's question list,
// to show whether rendering holds up other requests (its latency against the same calls with the page server idle).
import { request as httpRequest } from 'node:http';

const CONCURRENCY = 20;
/** A browser's top-level navigation: the only page request the page server restores a session for (issue 42, F-36). */
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin', accept: 'text/html' };
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 11) Chrome/120 Mobile Safari/537.36';

function get(url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstByte = 0;
    const req = httpRequest(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => {
        firstByte ||= performance.now();
        chunks.push(chunk);
      });
      res.on('end', () => {
        const end = performance.now();
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), ttfb: firstByte - started, rest: end - firstByte, total: end - started });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function login(baseUrl, { email, password, role }) {
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, role }) });
  if (!res.ok) throw new Error(`login as ${role}: ${res.status}`);
  const pair = res.headers.getSetCookie().find((c) => c.startsWith('__Host-cqa_refresh=') && !c.startsWith('__Host-cqa_refresh=;')).split(';')[0];
  return { cookie: pair, token: (await res.json()).accessToken };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** The API's question list, called one after another for `ms`: its latencies. */
async function apiLatency(baseUrl, token, ms) {
  const until = performance.now() + ms;
  const times = [];
  while (performance.now() < until) {
    const r = await get(`${baseUrl}/api/questions?filter=all&page=1&per_page=10`, { authorization: `Bearer ${token}` });
    if (r.status !== 200) throw new Error(`/api/questions: ${r.status}`);
    times.push(r.total);
  }
  return times;
}

/**
 * @param {{ baseUrl: string, pages: { name: string, path: string, role: string }[], logins: Record<string, object>, rounds?: number }} options
 */
export async function benchServerRender({ baseUrl, pages, logins, rounds = 5 }) {
  const results = [];
  const probe = await login(baseUrl, logins.patient);
  const idle = await apiLatency(baseUrl, probe.token, 3000);
  for (const target of pages) {
    // Alone first: what one page costs with nothing else going on.
    const alone = await login(baseUrl, logins[target.role]);
    const aloneSamples = [];
    for (let i = 0; i < 10; i += 1) {
      const r = await get(`${baseUrl}${target.path}`, { ...NAVIGATION, cookie: alone.cookie, 'user-agent': PHONE_UA });
      const next = (r.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-cqa_refresh=') && !c.startsWith('__Host-cqa_refresh=;'));
      if (next) alone.cookie = next.split(';')[0];
      aloneSamples.push(r);
    }
    // One session per client; a page answer rotates its cookie, which the client's next request sends.
    const clients = [];
    for (let i = 0; i < CONCURRENCY; i += 1) clients.push(await login(baseUrl, logins[target.role]));
    const samples = [];
    let rendered = 0;
    let busy = [];
    let stopProbe = false;
    const probeLoop = (async () => {
      while (!stopProbe) {
        const r = await get(`${baseUrl}/api/questions?filter=all&page=1&per_page=10`, { authorization: `Bearer ${probe.token}` });
        busy.push(r.total);
      }
    })();
    await Promise.all(
      clients.map(async (client) => {
        for (let round = 0; round < rounds; round += 1) {
          const r = await get(`${baseUrl}${target.path}`, { ...NAVIGATION, cookie: client.cookie, 'user-agent': PHONE_UA });
          if (r.status !== 200) throw new Error(`${target.path}: ${r.status}`);
          const next = (r.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-cqa_refresh=') && !c.startsWith('__Host-cqa_refresh=;'));
          if (next) client.cookie = next.split(';')[0];
          if (r.body.includes('"api":{"queries"')) rendered += 1;
          samples.push(r);
        }
      }),
    );
    stopProbe = true;
    await probeLoop;
    busy = busy.slice(1);
    results.push({
      page: target.name,
      aloneRenderP50: percentile(aloneSamples.map((s) => s.rest), 50),
      aloneTotalP50: percentile(aloneSamples.map((s) => s.total), 50),
      requests: samples.length,
      rendered,
      ttfbP50: percentile(samples.map((s) => s.ttfb), 50),
      ttfbP95: percentile(samples.map((s) => s.ttfb), 95),
      renderP50: percentile(samples.map((s) => s.rest), 50),
      renderP95: percentile(samples.map((s) => s.rest), 95),
      totalP95: percentile(samples.map((s) => s.total), 95),
      apiP95: percentile(busy, 95),
    });
  }
  return { concurrency: CONCURRENCY, apiIdleP95: percentile(idle, 95), results };
}

const ms = (value) => (Number.isFinite(value) ? Math.round(value) : '–');

export function printServerRender(report, heading) {
  console.log(`\n#### Page server — ${heading} (${report.concurrency} clients at once; the API's question list p95 with the page server idle: ${ms(report.apiIdleP95)} ms)\n`);
  console.log('| page | alone: render / whole page p50 ms | requests at once | rendered | first byte p50 / p95 ms | render (first byte → end) p50 / p95 ms | whole page p95 ms | API list p95 meanwhile ms |');
  console.log('|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of report.results) {
    console.log(`| ${r.page} | ${ms(r.aloneRenderP50)} / ${ms(r.aloneTotalP50)} | ${r.requests} | ${r.rendered} | ${ms(r.ttfbP50)} / ${ms(r.ttfbP95)} | ${ms(r.renderP50)} / ${ms(r.renderP95)} | ${ms(r.totalP95)} | ${ms(r.apiP95)} |`);
  }
}

// The Lighthouse half of bench:web (tools/bench/web-bench.mjs): each page in a fresh browser context of Debian
// Chromium, Lighthouse's default (mobile) config, as a first visit (cold cache) and as a repeat visit (the same page
// loaded once before in that context: the HTTP cache warm), with the targets of issues #28 and #35 beside the figures.
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * Issue 43's targets per page group (#35's where 43 names none): Performance, LCP ms, TBT ms, CLS, JS KB on the wire
 * before the page is usable (brotli; a public page's app loads on the first touch, after the load Lighthouse
 * measures), script evaluation ms (the bootup-time audit's "Script Evaluation", summed).
 */
export const TARGETS = {
  public: { performance: 95, lcp: 1500, tbt: 100, cls: 0.05, jsKb: 60, accessibility: 100, bestPractices: 100, seo: 100 },
  patient: { performance: 90, lcp: 2500, tbt: 200, cls: 0.05, jsKb: 250, scriptEval: 600, accessibility: 100, bestPractices: 100, seo: 100 },
  staff: { performance: 85, lcp: 2500, tbt: 300, cls: 0.05, jsKb: 300, accessibility: 100, bestPractices: 100, seo: 100 },
};

/**
 * The pages Lighthouse loads. 'login' and 'register' are the landing page's two modes (the spec has no separate
 * routes): a visitor who has signed in on this device before (localStorage 'hasAccount') gets the login form, a new
 * one the registration form.
 */
export const lighthousePages = (questionId) => [
  { name: 'landing', path: '/', role: null, group: 'public' },
  // The URL every "Login" link opens; a returning visitor's bare '/' is sent there (apps/shell/src/public-pages.ts).
  { name: 'login', path: '/?mode=login', role: null, group: 'public', hasAccount: true },
  { name: 'register', path: '/', role: null, group: 'public', hasAccount: false },
  { name: 'disclaimers', path: '/disclaimers', role: null, group: 'public' },
  { name: 'patient dashboard', path: '/patient/questions', role: 'patient', group: 'patient' },
  { name: 'question detail (patient)', path: `/patient/questions/${questionId}`, role: 'patient', group: 'patient' },
  { name: 'expert dashboard', path: '/expert/questions', role: 'expert', group: 'staff' },
  { name: 'admin dashboard', path: '/admin', role: 'admin', group: 'staff' },
];

/** The refresh cookie of an API sign-in, as puppeteer's cookie: the shell restores the session from it on load. */
async function sessionCookie(baseUrl, login) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!res.ok) throw new Error(`login as ${login.role}: ${res.status}`);
  const header = res.headers.getSetCookie().find((c) => c.startsWith('__Host-cqa_refresh=') && !c.startsWith('__Host-cqa_refresh=;'));
  if (!header) throw new Error(`login as ${login.role} set no refresh cookie`);
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  const [name, ...value] = pair.split('=');
  const cookiePath = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
  // A __Host- cookie is host-only and Secure (Chromium takes Secure cookies on http://127.0.0.1, a trustworthy origin).
  return { name, value: value.join('='), url: baseUrl, path: cookiePath, secure: true, httpOnly: true, sameSite: 'Strict' };
}

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scriptBytes = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: Math.round(audit('first-contentful-paint')),
    lcp: Math.round(audit('largest-contentful-paint')),
    tbt: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    jsKb: Number((scriptBytes / 1024).toFixed(1)),
    scriptEval: Math.round((lhr.audits['bootup-time']?.details?.items ?? []).reduce((sum, item) => sum + (item.scripting ?? 0), 0)),
    // The audits below 100 on this page, for the report (e.g. 'meta-description', 'target-size').
    failing: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
      .filter((a) => CATEGORIES.slice(1).some((c) => lhr.categories[c]?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0)))
      .map((a) => {
        const nodes = (a.details?.items ?? []).map((item) => item.node?.selector).filter(Boolean);
        return nodes.length > 0 ? `${a.id} (${[...new Set(nodes)].slice(0, 3).join(' | ')})` : a.id;
      }),
  };
}

/**
 * Runs Lighthouse `runs` times on each page, as a first visit (a fresh context each time) and, unless `firstOnly`, as a
 * repeat visit, and returns the median of each figure per page and visit.
 * @param {{ baseUrl: string, pages: ReturnType<typeof lighthousePages>, runs: number, logins: Record<string, object>, executablePath: string, firstOnly?: boolean }} options
 */
export async function runLighthouse({ baseUrl, pages, runs, logins, executablePath, firstOnly = false }) {
  const browser = await puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (const target of pages) {
      for (const visit of firstOnly ? ['first'] : ['first', 'repeat']) {
        const samples = [];
        for (let run = 0; run < runs; run += 1) {
          // Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART, NO_FCP): that run is made again.
          for (let attempt = 1; ; attempt += 1) {
            const lhr = await lighthouseRun(browser, baseUrl, target, logins, visit === 'repeat');
            if (lhr.runtimeError && attempt < 3) {
              console.log(`${target.name}: ${lhr.runtimeError.code}, again`);
              continue;
            }
            if (lhr.runtimeError) throw new Error(`${target.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
            // A page behind sign-in that sent the visitor elsewhere would measure the wrong page.
            const final = new URL(lhr.finalDisplayedUrl);
            const landed = target.path.includes('?') ? `${final.pathname}${final.search}` : final.pathname;
            if (landed !== target.path) throw new Error(`${target.name}: Lighthouse ended at ${landed}, not ${target.path}`);
            samples.push(figures(lhr));
            break;
          }
        }
        results.push({ page: target.name, group: target.group, visit, ...medianOf(samples) });
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * One load in a fresh browser context, signed in (or with the remembered login mode) as the page needs; `repeat`: the
 * page is loaded once first, so Lighthouse measures a return with the HTTP cache warm (its storage reset is off).
 */
async function lighthouseRun(browser, baseUrl, target, logins, repeat) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (target.role) await context.setCookie(await sessionCookie(baseUrl, logins[target.role]));
    if (target.hasAccount !== undefined) {
      // A same-origin page that loads none of the app (nothing cached) to set the remembered mode.
      await page.goto(`${baseUrl}/api/health`);
      await page.evaluate((value) => (value ? localStorage.setItem('hasAccount', 'true') : localStorage.removeItem('hasAccount')), target.hasAccount);
    }
    if (repeat) await page.goto(`${baseUrl}${target.path}`, { waitUntil: 'networkidle0' });
    const { lhr } = await lighthouse(
      `${baseUrl}${target.path}`,
      // The storage reset would also clear the remembered mode; the fresh context is already cold.
      { logLevel: 'error', output: 'json', onlyCategories: CATEGORIES, disableStorageReset: true },
      undefined,
      page,
    );
    // LIGHTHOUSE_REPORT_DIR keeps each run's full report (the LCP element, main-thread work per script) to look into.
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
      const file = `${target.name.replace(/\W+/g, '-')}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, file), JSON.stringify(lhr));
    }
    return lhr;
  } finally {
    await context.close();
  }
}

function medianOf(samples) {
  const mid = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const keys = ['performance', 'accessibility', 'bestPractices', 'seo', 'fcp', 'lcp', 'tbt', 'cls', 'jsKb', 'scriptEval'];
  const out = Object.fromEntries(keys.map((k) => [k, mid(samples.map((s) => s[k]))]));
  out.failing = [...new Set(samples.flatMap((s) => s.failing))].sort();
  out.runs = samples.length;
  return out;
}

const seconds = (ms) => (ms / 1000).toFixed(1);
/** "54 ✗ (≥ 95)": the figure, and the target when it is missed. */
const against = (value, target, higherIsBetter, format = String) => {
  if (target === undefined) return format(value);
  const met = higherIsBetter ? value >= target : value <= target;
  return met ? format(value) : `${format(value)} ✗ (${higherIsBetter ? '≥' : '≤'} ${format(target)})`;
};

export function printLighthouse(results, heading) {
  console.log(`\n#### Lighthouse (mobile) — ${heading}\n`);
  console.log('| page | visit | Performance | FCP s | LCP s | TBT ms | CLS | JS KB on the wire (brotli) | script evaluation s | Accessibility | Best Practices | SEO |');
  console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of results) {
    const t = TARGETS[r.group];
    console.log(
      `| ${r.page} | ${r.visit ?? 'first'} | ${against(r.performance, t.performance, true)} | ${seconds(r.fcp)} | ${against(r.lcp, t.lcp, false, seconds)} | ${against(r.tbt, t.tbt, false)} | ` +
        `${against(r.cls, t.cls, false)} | ${against(r.jsKb, t.jsKb, false)} | ${against(r.scriptEval ?? NaN, t.scriptEval, false, seconds)} | ${against(r.accessibility, t.accessibility, true)} | ` +
        `${against(r.bestPractices, t.bestPractices, true)} | ${against(r.seo, t.seo, true)} |`,
    );
  }
  const failing = results.filter((r) => r.failing.length > 0);
  if (failing.length > 0) {
    console.log('\nAccessibility, Best Practices and SEO audits not passed:');
    for (const r of failing) console.log(`- ${r.page} (${r.visit ?? 'first'} visit): ${r.failing.join(', ')}`);
  }
}

export function compareLighthouse(before, after) {
  console.log('\n| page | visit | Performance | FCP s | LCP s | TBT ms | CLS | JS KB (brotli) | script evaluation s |');
  console.log('|---|---|--:|--:|--:|--:|--:|--:|--:|');
  for (const a of after) {
    const b = before.find((x) => x.page === a.page && (x.visit ?? 'first') === (a.visit ?? 'first'));
    if (!b) continue;
    const fcp = b.fcp === undefined ? seconds(a.fcp) : `${seconds(b.fcp)} → ${seconds(a.fcp)}`;
    console.log(`| ${a.page} | ${a.visit ?? 'first'} | ${b.performance} → ${a.performance} | ${fcp} | ${seconds(b.lcp)} → ${seconds(a.lcp)} | ${b.tbt} → ${a.tbt} | ${b.cls} → ${a.cls} | ${b.jsKb} → ${a.jsKb} | ${seconds(b.scriptEval ?? NaN)} → ${seconds(a.scriptEval ?? NaN)} |`);
  }
}

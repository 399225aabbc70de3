import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { AuthTexts, PAGE_STATE_ELEMENT_ID, type AuthUser } from '@cqa/contracts';
import { RunningApi, startApi } from '../../test/api-harness';
import { createUser, refreshCookie, signIn, type TestUser } from '../../test/accounts-helpers';

/**
 * The page server with a stand-in for the web build's renderer (dist/web/server/render.cjs): a worker script that
 * answers as the real one does (apps/shell/src/server/main.ts). It draws the session's user and puts the data the
 * page server loaded for the page in its state, as it was handed over; `?mode=` makes it fail, hang or crash. The real
 * renderer's pages are checked end to end (e2e/src/server-render.e2e.ts).
 */
const FAKE_RENDERER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ id, request }) => {
  if (!request) return; // a cancelled page ({ cancel: id }): nothing of it runs here
  const mode = new URL(request.url, 'http://x').searchParams.get('mode');
  if (mode === 'crash') process.exit(1);
  if (mode === 'hang') return;
  if (mode === 'throw') return parentPort.postMessage({ id, rendered: false, error: true, reason: 'boom' });
  parentPort.postMessage({
    id, rendered: true,
    html: '<h1>Questions of ' + request.session.user.email + (request.narrow ? ' (phone)' : '') + '</h1>',
    state: JSON.stringify({ session: request.session, route: request.route, data: request.data }).replace(/</g, '\\u003c'),
  });
});
`;

const TEMPLATE = '<!doctype html><html><head><title>Cancer Q&A</title><script defer src="/main.0123abcd.js"></script></head><body><div id="root"></div></body></html>';

/** A GET with exactly these headers (empty ones left out), answered as a fetch Response. */
function plainGet(url: string, headers: Record<string, string>): Promise<Response> {
  const sent = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answer.append(name, one);
        }
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: answer }));
      });
      res.on('error', reject);
    }).on('error', reject).end();
  });
}

describe('the page server: signed-in pages from the refresh cookie', () => {
  let api: RunningApi;
  let dist: string;
  let patient: TestUser;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'cqa-pages-'));
    const write = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
      writeFileSync(path.join(dist, file), content);
    };
    write('shell/index.html', TEMPLATE);
    write('server/render.cjs', FAKE_RENDERER);
    write('server/frames.json', JSON.stringify({ '/patient/questions': { wide: '<header>Frame</header>', narrow: '<header>Phone frame</header>' } }));
    write('patient/bundle-manifest.json', JSON.stringify({ groups: { 'expose-pages': { files: ['pages.1.js'] }, 'page-dashboard': { files: ['dash.2.js'] } } }));
    api = await startApi({
      WEB_DIST_DIR: dist, PAGE_RENDER_TIMEOUT_MS: '2500', TRUST_PROXY: 'true',
      PAGE_RESTORES_PER_MINUTE_PER_IP: '4', PAGE_RESTORES_PER_MINUTE_PER_SESSION: '3',
    });
    patient = await createUser(api, 'patient');
  });
  afterAll(async () => {
    await api.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** What a browser sends with a top-level navigation, from an address of its own (the per-address limit is 4 a minute). */
  const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
  let ipCounter = 0;
  const freshIp = () => `2001:db8:42:${(++ipCounter).toString(16)}::1`;
  // node:http, not fetch: fetch sets Sec-Fetch-Mode itself (to 'cors'), as a browser's fetch would.
  const page = (p: string, headers: Record<string, string> = {}) => plainGet(`${api.baseUrl}${p}`, { ...NAVIGATION, 'x-forwarded-for': freshIp(), ...headers });
  const nextCookieOf = (res: Response) => refreshCookie({ status: 200, body: undefined, setCookie: res.headers.getSetCookie(), headers: res.headers });
  const stateOf = (html: string) => {
    const match = new RegExp(`<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`).exec(html);
    return match
      ? (JSON.parse(match[1]) as { session?: { user: AuthUser; accessToken: string }; refused?: true; api?: unknown; route?: string; data?: { endpoint: string; arg?: unknown; data?: unknown; error?: unknown }[] })
      : null;
  };
  const expectPrivate = (res: Response) => {
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  };

  it('renders a signed-in patient’s page with its data and state, rotating the refresh cookie on the page', async () => {
    const { cookie } = await signIn(api, patient);
    const res = await page('/patient/questions', { cookie });
    const html = await res.text();
    expect(res.status).toBe(200);
    expectPrivate(res);
    expect(html).toContain(`<div id="root"><h1>Questions of ${patient.email}</h1></div>`);
    const state = stateOf(html)!;
    expect(state.session!.user.email).toBe(patient.email);
    // The page's data, loaded in-process, is what the API answers this session (same endpoints, same JSON).
    const bearer = { authorization: `Bearer ${state.session!.accessToken}` };
    const [list, settings] = await Promise.all([
      fetch(`${api.baseUrl}/api/questions?filter=all&page=1&per_page=10`, { headers: bearer }).then((r) => r.json()),
      fetch(`${api.baseUrl}/api/ai/settings`, { headers: bearer }).then((r) => r.json()),
    ]);
    expect(state.route).toBe('/patient/questions');
    expect(state.data).toEqual([
      { endpoint: 'questions', arg: { filter: 'all', page: 1, per_page: 10 }, data: list },
      { endpoint: 'aiSettings', data: settings },
    ]);
    // Rotated exactly as POST /api/auth/refresh rotates it: a new cookie for the whole site.
    const next = refreshCookie({ status: 200, body: undefined, setCookie: res.headers.getSetCookie(), headers: res.headers });
    expect(next).toBeDefined();
    expect(next).not.toBe(cookie);
    expect(res.headers.getSetCookie().find((c) => c.startsWith(next!))).toMatch(/HttpOnly.*SameSite=Strict|SameSite=Strict.*HttpOnly/i);
    // The head, with the page's remote chunks to preload, precedes the page; the app's scripts are kept.
    expect(html.indexOf('<link rel="preload" as="script" href="/remotes/patient/dash.2.js">')).toBeGreaterThan(-1);
    expect(html.indexOf('<link rel="preload" as="script" href="/remotes/patient/remoteEntry.js">')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toContain('<script defer src="/main.0123abcd.js"></script>');
    // The new cookie opens the next page.
    const again = await page('/patient/questions', { cookie: next! });
    expect(await again.text()).toContain(`Questions of ${patient.email}`);
  });

  it('draws a phone’s page in the phone layout (the User-Agent’s guess)', async () => {
    const { cookie } = await signIn(api, patient);
    const res = await page('/patient/questions', { cookie, 'user-agent': 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36' });
    const html = await res.text();
    expect(html).toContain('(phone)</h1>');
    expect(html).toContain('<div id="cqa-frame" aria-hidden="true" inert><header>Phone frame</header></div>');
  });

  it('sends the page’s frame with the head, before its data is loaded and the page rendered (issue 43 item 3)', async () => {
    const { cookie } = await signIn(api, patient);
    const started = Date.now();
    const chunks: { at: number; text: string }[] = [];
    // A render that never answers: the page ends at the time limit (2.5 s), the frame went out long before.
    await new Promise<void>((resolve, reject) => {
      httpRequest(`${api.baseUrl}/patient/questions?mode=hang`, { headers: { ...NAVIGATION, 'x-forwarded-for': freshIp(), cookie } }, (res) => {
        res.on('data', (chunk: Buffer) => chunks.push({ at: Date.now() - started, text: chunk.toString() }));
        res.on('end', resolve);
        res.on('error', reject);
      }).on('error', reject).end();
    });
    const html = chunks.map((chunk) => chunk.text).join('');
    const frame = '<div id="cqa-frame" aria-hidden="true" inert><header>Frame</header></div>';
    const withFrame = chunks.find((chunk) => chunk.text.includes(frame))!;
    expect(withFrame.at).toBeLessThan(chunks[chunks.length - 1].at - 1000);
    expect(html.indexOf('</head>')).toBeLessThan(html.indexOf(frame));
    expect(html.indexOf(frame)).toBeLessThan(html.indexOf('<div id="root"></div>'));
  });

  it('sends no frame with a page it does not render (another role’s page)', async () => {
    const { cookie } = await signIn(api, await createUser(api, 'expert'));
    expect(await (await page('/patient/questions', { cookie })).text()).not.toContain('cqa-frame');
  });

  it('sends today’s plain app without a cookie: no state, nothing rendered', async () => {
    const res = await page('/patient/questions');
    const html = await res.text();
    expect(res.status).toBe(200);
    expectPrivate(res);
    expect(html).toBe(TEMPLATE);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('clears a refused cookie and sends the plain app', async () => {
    const res = await page('/patient/questions', { cookie: '__Host-cqa_refresh=forged' });
    const html = await res.text();
    expect(html).toBe(TEMPLATE);
    expect(res.headers.getSetCookie().some((c) => /^__Host-cqa_refresh=;.*Path=\/;/.test(c))).toBe(true);
  });

  it('tells the app when the account may no longer hold a session (blocked), and clears the cookie', async () => {
    const blocked = await createUser(api, 'patient');
    const { cookie } = await signIn(api, blocked);
    await api.app.get(DataSource).query('UPDATE users SET is_blocked = 1 WHERE id = ?', [blocked.id]);
    const res = await page('/patient/questions', { cookie });
    const html = await res.text();
    expect(stateOf(html)).toEqual({ refused: true });
    expect(html).toContain('<div id="root"></div>');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('__Host-cqa_refresh=;'))).toBe(true);
  });

  it.each(['throw', 'hang', 'crash'])('falls back to the plain app with the session when the render fails (%s)', async (mode) => {
    const { cookie } = await signIn(api, patient);
    const started = Date.now();
    const res = await page(`/patient/questions?mode=${mode}`, { cookie });
    const html = await res.text();
    expect(res.status).toBe(200);
    expectPrivate(res);
    expect(html).toContain('<div id="root"></div>');
    expect(stateOf(html)!.session!.user.email).toBe(patient.email);
    expect(stateOf(html)!.api).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(8000);
    // The renderer is still there for the next page (a crashed worker is replaced).
    const next = refreshCookie({ status: 200, body: undefined, setCookie: res.headers.getSetCookie(), headers: res.headers })!;
    const after = await page('/patient/questions', { cookie: next });
    expect(await after.text()).toContain(`Questions of ${patient.email}`);
  });

  it('does not touch the session for a page opened from another site', async () => {
    const { cookie } = await signIn(api, patient);
    const res = await page('/patient/questions', { cookie, 'sec-fetch-site': 'same-site' });
    expect(await res.text()).toBe(TEMPLATE);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('leaves the other page paths as they were (the app’s index.html)', async () => {
    const { cookie } = await signIn(api, patient);
    const res = await page('/patient-profile-summary', { cookie });
    expect(await res.text()).toBe(TEMPLATE);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
  describe('a page’s data goes through the API’s own access rules, loaded in-process (issue 43)', () => {
    const ask = async (token: string) => {
      const res = await fetch(`${api.baseUrl}/api/questions`, {
        method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ question_text: 'Does walking help with fatigue during chemotherapy?' }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const apiAnswer = (token: string, p: string) => fetch(`${api.baseUrl}${p}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());

    it('renders a patient’s own question with what the API answers them (their record id included)', async () => {
      const { token, cookie } = await signIn(api, patient);
      const id = await ask(token);
      const state = stateOf(await (await page(`/patient/questions/${id}`, { cookie })).text())!;
      expect(state.route).toBe('/patient/questions/:id');
      const [question, aiRun] = state.data!;
      expect(question).toEqual({ endpoint: 'question', arg: String(id), data: await apiAnswer(token, `/api/questions/${id}`) });
      expect((question.data as { patient_id?: string }).patient_id).toEqual(expect.any(String));
      expect(aiRun).toEqual({ endpoint: 'aiRun', arg: String(id), data: await apiAnswer(token, `/api/questions/${id}/ai-run`) });
    });

    it('gives another patient’s question page only what the API gives that patient: not the asker’s record id', async () => {
      const asker = await createUser(api, 'patient');
      const id = await ask((await signIn(api, asker)).token);
      const { token, cookie } = await signIn(api, patient);
      const state = stateOf(await (await page(`/patient/questions/${id}`, { cookie })).text())!;
      const [question] = state.data!;
      expect(question.data).toEqual(await apiAnswer(token, `/api/questions/${id}`));
      expect(question.data).not.toHaveProperty('patient_id');
      expect(JSON.stringify(state)).not.toContain(`"patient_id"`);
    });

    it('hands over the API’s refusal of a question (none such): its 404 and error body, no data', async () => {
      const { token, cookie } = await signIn(api, patient);
      const state = stateOf(await (await page('/patient/questions/999999999', { cookie })).text())!;
      const asApi = await fetch(`${api.baseUrl}/api/questions/999999999`, { headers: { authorization: `Bearer ${token}` } });
      expect(asApi.status).toBe(404);
      expect(state.data![0]).toEqual({ endpoint: 'question', arg: '999999999', error: { status: 404, data: await asApi.json() } });
      expect(state.data![0]).not.toHaveProperty('data');
    });

    it.each([
      ['/patient/questions/1', 'expert'],
      ['/admin/questions', 'expert'],
      ['/patient/questions', 'admin'],
      ['/expert/questions', 'patient'],
    ] as const)('renders nothing of %s for a signed-in %s (another role’s page)', async (pagePath, role) => {
      const { cookie } = await signIn(api, await createUser(api, role));
      const html = await (await page(pagePath, { cookie })).text();
      expect(html).toContain('<div id="root"></div>');
      expect(Object.keys(stateOf(html)!)).toEqual(['session']);
    });

    it('renders the expert dashboard with the list and the counts the API gives an expert', async () => {
      const expert = await createUser(api, 'expert');
      const { token, cookie } = await signIn(api, expert);
      const state = stateOf(await (await page('/expert/questions?filter=unanswered&page=2', { cookie })).text())!;
      expect(state.data).toEqual([
        { endpoint: 'questions', arg: { filter: 'unanswered', page: 2, per_page: 10 }, data: await apiAnswer(token, '/api/questions?filter=unanswered&page=2&per_page=10') },
        { endpoint: 'dashboardStats', data: await apiAnswer(token, '/api/stats') },
      ]);
    });

    it('hands over the API’s 400 when the URL’s list query is one it refuses', async () => {
      const { cookie } = await signIn(api, patient);
      const state = stateOf(await (await page(`/patient/questions?q=${'a'.repeat(2000)}`, { cookie })).text())!;
      expect(state.data![0]).toMatchObject({ endpoint: 'questions', error: { status: 400, data: { statusCode: 400 } } });
    });
  });

  describe('only top-level navigations restore and render (issue 42, F-36)', () => {
    it.each([
      ['an image', { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image', accept: 'image/avif,image/webp,*/*' }],
      ['a fetch', { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', accept: '*/*' }],
      ['a script', { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script', accept: '*/*' }],
      ['a frame', { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe', accept: 'text/html' }],
      ['a request without the browser headers', { 'sec-fetch-mode': '', 'sec-fetch-dest': '', accept: 'text/html' }],
    ])('%s of a page path gets the plain app and leaves the session alone', async (_what, headers) => {
      const { cookie } = await signIn(api, patient);
      const res = await page('/patient/questions', { cookie, ...headers });
      expect(await res.text()).toBe(TEMPLATE);
      expect(res.headers.getSetCookie()).toEqual([]);
      // The cookie was not rotated: it still renews.
      expect((await fetch(`${api.baseUrl}/api/auth/refresh`, { method: 'POST', headers: { cookie } })).status).toBe(200);
    });
  });

  describe('restores are limited per session and per address (issue 42, F-37)', () => {
    it('past the session’s limit a page goes out plain, its cookie untouched and still good', async () => {
      let { cookie } = await signIn(api, patient);
      for (let load = 1; load <= 3; load++) {
        const res = await page('/patient/questions', { cookie });
        expect(await res.text()).toContain(`Questions of ${patient.email}`);
        cookie = nextCookieOf(res)!;
      }
      const over = await page('/patient/questions', { cookie });
      expect(await over.text()).toBe(TEMPLATE);
      expect(over.headers.getSetCookie()).toEqual([]);
      expect((await fetch(`${api.baseUrl}/api/auth/refresh`, { method: 'POST', headers: { cookie } })).status).toBe(200);
    });

    it('past the address’s limit, whatever the sessions', async () => {
      const address = freshIp();
      const outcomes: boolean[] = [];
      for (let load = 1; load <= 5; load++) {
        const { cookie } = await signIn(api, patient);
        const res = await page('/patient/questions', { cookie, 'x-forwarded-for': address });
        outcomes.push((await res.text()).includes('Questions of'));
      }
      expect(outcomes).toEqual([true, true, true, true, false]);
    });
  });

  it('refuses a page request carrying two refresh cookies (one planted by another host): plain app, both cleared (issue 42, F-39)', async () => {
    const { cookie } = await signIn(api, patient);
    const res = await page('/patient/questions', { cookie: `${cookie}; __Host-cqa_refresh=planted` });
    expect(await res.text()).toBe(TEMPLATE);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('__Host-cqa_refresh=;'))).toBe(true);
    const refreshed = await fetch(`${api.baseUrl}/api/auth/refresh`, { method: 'POST', headers: { cookie: `__Host-cqa_refresh=planted; ${cookie}` } });
    expect(refreshed.status).toBe(400);
    expect(((await refreshed.json()) as { message: string }).message).toBe(AuthTexts.twoSessionCookies);
    expect(refreshed.headers.getSetCookie().some((c) => c.startsWith('__Host-cqa_refresh=;'))).toBe(true);
    // The legacy name is never read: a planted `cqa_refresh` opens nothing.
    expect((await page('/patient/questions', { cookie: cookie!.replace('__Host-cqa_refresh', 'cqa_refresh') })).headers.getSetCookie()
      .some((c) => c.startsWith('__Host-cqa_refresh=') && !c.startsWith('__Host-cqa_refresh=;'))).toBe(false);
  });
});

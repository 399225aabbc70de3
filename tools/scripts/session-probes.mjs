// Issue 42's live probes of the session surfaces, against a served build (npm start): node tools/scripts/session-probes.mjs
// [base URL, default http://127.0.0.1:8080]. Signs the demo patient in (development seed) and prints, for each finding,
// what the server answered and whether that is the refusal the fix requires. Exits 1 when a probe is not refused.
// Bounded: at most 100 requests in one burst, one burst, all to the given base URL.
import { request } from 'node:http';

const BASE = process.argv[2] ?? 'http://127.0.0.1:8080';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156 Safari/537.36';
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin', accept: 'text/html' };
const COOKIE = '__Host-cqa_refresh';

/** node:http, not fetch: fetch would set Sec-Fetch-Mode itself. */
function send(path, headers = {}, method = 'GET', body) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, BASE), { method, headers: { 'user-agent': UA, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, setCookie: res.headers['set-cookie'] ?? [], body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
const refreshPair = (r) => (r.setCookie.find((c) => c.startsWith(`${COOKIE}=`) && !c.startsWith(`${COOKIE}=;`)) ?? '').split(';')[0];
const rendered = (r) => r.body.includes('cqa-page-state');

const results = [];
const check = (finding, what, refused, seen) => results.push({ finding, what, refused, seen });

const login = await send('/api/auth/login', { 'content-type': 'application/json' }, 'POST',
  JSON.stringify({ email: 'patient@demo.cancer-qa.test', password: 'Demo-pass-2026', role: 'patient' }));
if (login.status !== 200) throw new Error(`the demo patient could not sign in (${login.status}): run against a development build (npm start)`);
const first = refreshPair(login);
const cookieLine = login.setCookie.find((c) => c.startsWith(`${COOKIE}=`)) ?? '';
check('F-39', 'refresh cookie is __Host- prefixed, Secure, Path=/, no Domain', /; Secure/i.test(cookieLine) && /Path=\//.test(cookieLine) && !/Domain=/i.test(cookieLine), cookieLine.replace(/=[^;]+;/, '=…;'));

const victim = await send('/api/auth/refresh', { cookie: first }, 'POST');
const replays = await Promise.all([1, 2, 3, 4, 5].map(() => send('/api/auth/refresh', { cookie: first }, 'POST')));
const successors = new Set([victim, ...replays].map(refreshPair));
check('F-35', 'a rotated token replayed 5 times inside the grace window forks no session', successors.size === 1, `${successors.size} distinct successor(s)`);

const current = refreshPair(victim);
for (const [kind, headers] of [
  ['image', { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image', 'sec-fetch-site': 'same-origin', accept: 'image/*' }],
  ['fetch', { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin', accept: '*/*' }],
  ['script', { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script', 'sec-fetch-site': 'same-origin', accept: '*/*' }],
]) {
  const res = await send('/patient/questions', { cookie: current, ...headers });
  check('F-36', `${kind === "image" ? "an" : "a"} ${kind} request of /patient/questions neither rotates nor renders`, res.setCookie.length === 0 && !rendered(res), `${res.setCookie.length} cookie(s) set, rendered: ${rendered(res)}`);
}

const navigation = await send('/patient/questions', { cookie: current, ...NAVIGATION });
const next = refreshPair(navigation) || current;
const burst = await Promise.all(Array.from({ length: 100 }, () => send('/patient/questions', { cookie: next, ...NAVIGATION })));
const restored = burst.filter((r) => refreshPair(r)).length;
const healthStart = performance.now();
await send('/api/health');
const healthMs = Math.round(performance.now() - healthStart);
check('F-37', '100 parallel page loads with one cookie are limited (restores per session per minute)', restored < 100, `${restored} restored, ${burst.filter(rendered).length} with a session state, /api/health then ${healthMs} ms`);

const two = await send('/api/auth/refresh', { cookie: `${COOKIE}=planted; ${next}` }, 'POST');
check('F-39', 'a request carrying two refresh cookies is refused', two.status === 400, `${two.status}`);
const legacy = await send('/patient/questions', { cookie: next.replace(`${COOKIE}=`, 'cqa_refresh='), ...NAVIGATION });
check('F-39', 'a planted cookie under the old name restores nothing', !refreshPair(legacy), refreshPair(legacy) ? 'restored' : 'not read');

console.table(results);
process.exit(results.every((r) => r.refused) ? 0 : 1);

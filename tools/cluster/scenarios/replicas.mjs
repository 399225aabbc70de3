// Journeys through the balancer that must work whichever API answers each step: a session and its refreshes, a
// second-factor challenge, a server-rendered page and its scripts, an upload and its download, and the per-account and
// per-IP sign-in limits counted once across the APIs. Each returns a row of the cluster table.
import { createRequire } from 'node:module';
import path from 'node:path';
import { cookieJar, multipart, request } from '../http-client.mjs';

const require = createRequire(import.meta.url);
export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO = { patient: 'patient@demo.cancer-qa.test', admin: 'admin@demo.cancer-qa.test' };
/** The smallest file the upload route takes for a PDF (it judges by the first bytes). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const row = (check, figure, target, pass) => ({ check, figure, target, pass });
const apisOf = (answers) => new Set(answers.map((answer) => answer.upstream).filter(Boolean));

export async function signIn(cluster, { email, role, localAddress, jar = cookieJar() }) {
  const login = await request(cluster.url, { method: 'POST', path: '/api/auth/login', body: { email, password: DEMO_PASSWORD, role }, localAddress, jar });
  if (login.status !== 200 && login.status !== 201) throw new Error(`sign-in of ${email} answered ${login.status}: ${login.body}`);
  return { token: login.json.accessToken, jar, answers: [login] };
}

async function sessionAcrossApis(cluster) {
  const localAddress = '127.0.0.11';
  const { token, jar, answers } = await signIn(cluster, { email: DEMO.patient, role: 'patient', localAddress });
  let current = token;
  for (let i = 0; i < 4; i++) {
    answers.push(await request(cluster.url, { path: '/api/auth/me', headers: { authorization: `Bearer ${current}` }, localAddress }));
    const refreshed = await request(cluster.url, { method: 'POST', path: '/api/auth/refresh', localAddress, jar });
    answers.push(refreshed);
    current = refreshed.json?.accessToken ?? current;
  }
  const refused = answers.filter((answer) => answer.status >= 300).length;
  const apis = apisOf(answers).size;
  return row('session: sign-in, 4 reads, 4 refreshes', `${answers.length - refused}/${answers.length} answered, by ${apis} APIs`, 'all answered, by 2 APIs', refused === 0 && apis === 2);
}

/** The demo admin's first sign-in: password, then enrolment of an authenticator, each step through the balancer. */
async function enrolAdmin(cluster, localAddress) {
  const { base32Decode, hotp, totpStep } = require(path.join(cluster.serverDist, 'modules/auth/two-factor/totp.js'));
  const jar = cookieJar();
  const post = (route, body) => request(cluster.url, { method: 'POST', path: route, body, localAddress, jar });
  const login = await post('/api/auth/login', { email: DEMO.admin, password: DEMO_PASSWORD, role: 'admin' });
  const setup = await post('/api/auth/two-factor/enrol/setup', { challenge: login.json?.challenge });
  const confirm = await post('/api/auth/two-factor/enrol/confirm', { challenge: login.json?.challenge, code: hotp(base32Decode(setup.json?.secret ?? ''), totpStep(Date.now())) });
  // Later scenarios act as this admin through the session's refresh cookie (a TOTP code works once per 30 s step).
  if (typeof confirm.json?.accessToken === 'string') cluster.adminJar = jar;
  return { steps: [login, setup, confirm], enrolmentAsked: login.json?.enrolmentRequired === true };
}

/** A fresh access token of the demo admin (enrolled by the second-factor journey, or now). */
export async function adminSession(cluster) {
  if (!cluster.adminJar) await enrolAdmin(cluster, '127.0.0.15');
  if (!cluster.adminJar) throw new Error('the demo admin could not be signed in');
  const refreshed = await request(cluster.url, { method: 'POST', path: '/api/auth/refresh', localAddress: '127.0.0.15', jar: cluster.adminJar });
  if (refreshed.status !== 200) throw new Error(`refreshing the admin's session answered ${refreshed.status}`);
  return { token: refreshed.json.accessToken };
}

async function secondFactorAcrossApis(cluster) {
  const { steps, enrolmentAsked } = await enrolAdmin(cluster, '127.0.0.12');
  const [, setup, confirm] = steps;
  const crossed = new Set(steps.map((step) => step.upstream)).size === 2;
  const signedIn = enrolmentAsked && setup.status < 300 && typeof confirm.json?.accessToken === 'string';
  return row('second factor: password, enrolment and code on alternating APIs', `${signedIn ? 'signed in' : `refused (${steps.map((s) => s.status).join(', ')})`}, steps on ${crossed ? 2 : 1} APIs`, 'signed in, 2 APIs', signedIn && crossed);
}

async function renderedPageAcrossApis(cluster) {
  const localAddress = '127.0.0.13';
  const { jar } = await signIn(cluster, { email: DEMO.patient, role: 'patient', localAddress });
  const pages = [];
  // A browser's navigation (the page server renders only those: issue 42).
  const navigation = { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' };
  for (let i = 0; i < 4; i++) pages.push(await request(cluster.url, { path: '/patient/questions', headers: navigation, localAddress, jar }));
  const rendered = pages.filter((page) => page.status === 200 && page.body.includes('id="cqa-page-state"'));
  // Every script the page names is served by both APIs (one build behind the balancer).
  // The minified HTML leaves attribute quotes out where it can.
  const scripts = [...new Set([...pages[0].body.toString('utf8').matchAll(/<script[^>]*\ssrc=(?:"([^"]+)"|([^\s>"]+))/g)].map((match) => match[1] ?? match[2]))];
  const fetched = [];
  for (const script of scripts) for (let i = 0; i < 2; i++) fetched.push(await request(cluster.url, { path: script, localAddress }));
  const scriptsOk = scripts.length > 0 && fetched.every((answer) => answer.status === 200);
  const apis = apisOf(rendered).size;
  return row('server-rendered patient dashboard and its scripts', `${rendered.length}/4 rendered with data, by ${apis} APIs; ${fetched.filter((a) => a.status === 200).length}/${fetched.length} script loads`, 'all rendered, by 2 APIs; all scripts', rendered.length === 4 && apis === 2 && scriptsOk);
}

async function uploadAcrossApis(cluster) {
  const localAddress = '127.0.0.14';
  const { token } = await signIn(cluster, { email: DEMO.patient, role: 'patient', localAddress });
  const { body, contentType } = multipart({ report_type: 'Laboratory Reports' }, { name: 'cluster.pdf', type: 'application/pdf', data: PDF });
  const upload = await request(cluster.url, { method: 'POST', path: '/api/upload', body, headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, localAddress });
  const downloads = [];
  for (let i = 0; i < 4; i++) downloads.push(await request(cluster.url, { path: `/api/medical-reports/${upload.json?.id}/file`, headers: { authorization: `Bearer ${token}` }, localAddress }));
  const same = downloads.filter((download) => download.status === 200 && download.body.equals(PDF)).length;
  const apis = apisOf(downloads).size;
  return row('report uploaded on one API, downloaded through both', `upload ${upload.status}; ${same}/4 downloads byte-identical, by ${apis} APIs`, 'all identical, by 2 APIs', upload.status === 201 && same === 4 && apis === 2);
}

/** `attempts` wrong sign-ins; the number of the first one answered 429, or null. */
async function firstRefusal(cluster, attempts, attempt) {
  for (let i = 1; i <= attempts; i++) {
    const answer = await attempt(i);
    if (answer.status === 429) return i;
  }
  return null;
}

async function accountLimitOnce(cluster) {
  const limit = Number(cluster.env.AUTH_RATE_LIMIT_PER_ACCOUNT ?? 10);
  const email = `nobody-${Date.now()}@cluster.cancer-qa.test`;
  // Each attempt from its own client address, so only the account's count can refuse.
  const first = await firstRefusal(cluster, limit + 2, (i) =>
    request(cluster.url, { method: 'POST', path: '/api/auth/login', body: { email, password: 'Wrong-pass-2026', role: 'patient' }, localAddress: `127.0.1.${i}` }));
  return row(`per-account sign-in limit (${limit}) across 2 APIs`, first ? `attempt ${first} refused` : 'never refused', `attempt ${limit + 1} refused`, first === limit + 1);
}

async function ipLimitOnce(cluster) {
  const limit = Number(cluster.env.AUTH_RATE_LIMIT_PER_IP ?? 30);
  const first = await firstRefusal(cluster, limit + 2, (i) =>
    request(cluster.url, { method: 'POST', path: '/api/auth/login', body: { email: `nobody-${i}-${Date.now()}@cluster.cancer-qa.test`, password: 'Wrong-pass-2026', role: 'patient' }, localAddress: '127.0.2.1' }));
  return row(`per-IP sign-in limit (${limit}) across 2 APIs, client IP through the balancer`, first ? `attempt ${first} refused` : 'never refused', `attempt ${limit + 1} refused`, first === limit + 1);
}

export async function replicaJourneys(cluster) {
  const rows = [];
  for (const journey of [sessionAcrossApis, secondFactorAcrossApis, renderedPageAcrossApis, uploadAcrossApis, accountLimitOnce, ipLimitOnce]) {
    try {
      rows.push(await journey(cluster));
    } catch (error) {
      rows.push(row(journey.name, `error: ${error.message}`, '', false));
    }
  }
  return rows;
}

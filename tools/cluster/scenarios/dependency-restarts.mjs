// MariaDB and Redis stopped and started again under a light probe through the balancer: while one is away every
// request answers (a 503 where it is needed, never a hang), and the APIs recover without a restart of their own.
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from '../http-client.mjs';
import { DEMO, signIn } from './replicas.mjs';

const PROBE_EVERY_MS = 200;
const MAX_PROBES = 1_000;

/** Probes every PROBE_EVERY_MS until `stop()` (or MAX_PROBES); each probe is the list of requests `steps()` gives. */
function probeLoop(cluster, steps) {
  const results = [];
  let running = true;
  const done = (async () => {
    for (let n = 0; running && n < MAX_PROBES; n++) {
      const answers = await Promise.all(steps(n).map((step) => request(cluster.url, { timeoutMs: 30_000, ...step })));
      for (const answer of answers) results.push({ at: Date.now(), ...answer });
      await sleep(PROBE_EVERY_MS);
    }
  })();
  return { results, stop: async () => { running = false; await done; } };
}

const pidsOf = (cluster) => cluster.apis.map((api) => api.process.pid).join(',');

/** Stops `service` for `downMs`, starts it, and waits until `healthy(results)` or 30 s. */
async function outage(cluster, { service, downMs, steps, healthyAfter }) {
  const pidsBefore = pidsOf(cluster);
  const probe = probeLoop(cluster, steps);
  await sleep(1_000);
  const downAt = Date.now();
  await service.stop();
  await sleep(downMs);
  await service.start();
  const upAt = Date.now();
  const deadline = upAt + 30_000;
  while (Date.now() < deadline && !probe.results.some((r) => r.at > upAt && healthyAfter(r))) await sleep(100);
  await probe.stop();
  const during = probe.results.filter((r) => r.at - r.ms >= downAt && r.at <= upAt);
  const recovered = probe.results.find((r) => r.at > upAt && healthyAfter(r));
  return {
    during,
    slowestMs: Math.max(0, ...during.map((r) => r.ms)),
    unclean: during.filter((r) => r.status === 0 || (r.status >= 500 && r.status !== 503)).length,
    recoveryMs: recovered ? recovered.at - upAt : null,
    sameProcesses: pidsOf(cluster) === pidsBefore,
  };
}

export async function dependencyRestarts(cluster) {
  const { token } = await signIn(cluster, { email: DEMO.patient, role: 'patient', localAddress: '127.0.4.1' });
  const list = { path: '/api/questions', headers: { authorization: `Bearer ${token}` }, localAddress: '127.0.4.1' };
  const rows = [];

  const db = await outage(cluster, {
    service: cluster.db,
    downMs: 6_000,
    steps: () => [list, { path: '/api/health', localAddress: '127.0.4.1' }],
    healthyAfter: (r) => r.path === '/api/questions' && r.status === 200,
  });
  rows.push({
    check: `MariaDB stopped 6 s and restarted (${db.during.length} requests while down)`,
    figure: `slowest answer while down ${(db.slowestMs / 1000).toFixed(1)} s, ${db.unclean} not a clean 503; list answered 200 ${db.recoveryMs === null ? 'never' : `${(db.recoveryMs / 1000).toFixed(1)} s`} after it came back; APIs ${db.sameProcesses ? 'not restarted' : 'restarted'}`,
    target: 'fast 503s; recovery ≤ 10 s, no API restart',
    pass: db.unclean === 0 && db.slowestMs <= 5_000 && db.recoveryMs !== null && db.recoveryMs <= 10_000 && db.sameProcesses,
  });

  // Sign-in needs Redis (its limits), the list does not: while Redis is away one answers 503 and the other 200.
  const redis = await outage(cluster, {
    service: cluster.redis,
    downMs: 6_000,
    steps: (n) => [list, { method: 'POST', path: '/api/auth/login', body: { email: `nobody-${n}@cluster.cancer-qa.test`, password: 'Wrong-pass-2026', role: 'patient' }, localAddress: `127.0.5.${1 + (n % 250)}` }],
    healthyAfter: (r) => r.path === '/api/auth/login' && r.status === 401,
  });
  rows.push({
    check: `Redis stopped 6 s and restarted, losing every key (${redis.during.length} requests while down)`,
    figure: `slowest answer while down ${(redis.slowestMs / 1000).toFixed(1)} s, ${redis.unclean} not a clean 503; sign-in answered again ${redis.recoveryMs === null ? 'never' : `${(redis.recoveryMs / 1000).toFixed(1)} s`} after it came back; APIs ${redis.sameProcesses ? 'not restarted' : 'restarted'}`,
    target: 'no request waits > 5 s; recovers, no API restart',
    pass: redis.unclean === 0 && redis.slowestMs <= 5_000 && redis.recoveryMs !== null && redis.sameProcesses,
  });
  return rows;
}

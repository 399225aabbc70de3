// npm run test:cluster [-- --smoke] [--keep] [--only replicas,api,workers,dependencies,recovery]: starts the local cluster (tools/cluster/cluster.mjs) on the production
// build, drives the scenarios through the balancer and prints one table of figures against the targets of issue 46;
// exits 1 when one misses. --smoke (a step of `npm test`): the replica journeys and a shorter API fault run.
// Every load loop is bounded in count and time; traffic goes only to loopback and the cluster's own namespaces.
import { parseArgs } from 'node:util';
import { cpus, loadavg } from 'node:os';
import { clusterUnavailable, removeClusterFolder, ROOT, seedDemoAccounts, startCluster } from './cluster.mjs';
import { apiFaults } from './scenarios/api-faults.mjs';
import { dependencyRestarts } from './scenarios/dependency-restarts.mjs';
import { workerFaults } from './scenarios/worker-faults.mjs';
import { redisRecovery } from './scenarios/redis-recovery.mjs';
import { startOutsideServices } from './outside-services.mjs';
import { replicaJourneys } from './scenarios/replicas.mjs';

const SCENARIOS = ['replicas', 'api', 'workers', 'dependencies', 'recovery'];
const { values: args } = parseArgs({
  options: { smoke: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false }, only: { type: 'string', default: SCENARIOS.join(',') } },
});
const only = new Set(args.only.split(','));

const unavailable = clusterUnavailable();
if (unavailable) {
  console.error(`test:cluster cannot run here: ${unavailable}`);
  process.exit(1);
}

const started = Date.now();
let outside;
// The link importer fetches the cluster's slow forum page, which only a non-production setting allows
// (FETCH_ALLOW_HOSTS); everything else runs as in production. AI answers only when asked (the load creates questions).
const cluster = await startCluster({
  nodeEnv: 'test',
  outside: async (address) => (outside = await startOutsideServices(ROOT, address)),
  env: { AI_AUTO_ANSWER: 'false', RESEARCH_PLAN_REVIEW: 'false', ANSWER_MAIL_QUIET_SECONDS: '2', MAIL_RELAY_INTERVAL_MS: '1000', JOB_RECOVERY_INTERVAL_MS: '5000' },
  log: (line) => console.log(line),
}).catch((error) => {
  console.error(`test:cluster: the cluster did not start: ${error.message}`);
  process.exit(1);
});
const rows = [];
try {
  seedDemoAccounts(cluster);
  if (only.has('replicas')) rows.push(...(await replicaJourneys(cluster)));
  if (only.has('api')) rows.push(...(await apiFaults(cluster, args.smoke ? { durationMs: 9_000, clients: 6 } : { durationMs: 20_000, clients: 12 })));
  if (only.has('workers')) rows.push(...(await workerFaults(cluster, outside)));
  if (only.has('dependencies')) rows.push(...(await dependencyRestarts(cluster)));
  if (only.has('recovery')) rows.push(...(await redisRecovery(cluster, outside)));
} catch (error) {
  rows.push({ check: 'cluster test', figure: `stopped: ${error.stack ?? error.message}`, target: '', pass: false });
} finally {
  await cluster.stop();
  if (!args.keep) removeClusterFolder(cluster);
  else console.log(`Logs and data kept in ${cluster.dir}`);
}

const cell = (text) => String(text).replaceAll('|', '\\|');
console.log(`\nCluster test (${args.smoke ? 'smoke' : 'full'}): nginx round robin over 2 APIs, 2 workers, own MariaDB and Redis; ${cpus().length} CPUs, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}; ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
console.log('| check | figure | target | |\n|---|---|---|---|');
for (const row of rows) console.log(`| ${cell(row.check)} | ${cell(row.figure)} | ${cell(row.target)} | ${row.pass ? 'met' : '**missed**'} |`);
const missed = rows.filter((row) => !row.pass).length;
console.log(missed ? `\n${missed} of ${rows.length} missed.` : `\nAll ${rows.length} met.`);
process.exit(missed ? 1 : 0);

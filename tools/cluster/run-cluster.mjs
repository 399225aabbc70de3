// npm run cluster [-- --port 8090] [--keep]: the local cluster (tools/cluster/cluster.mjs) from the production build,
// with the demo accounts, until Ctrl+C. Prints where each part runs and its logs. --keep leaves its folder (logs, data).
import { parseArgs } from 'node:util';
import { removeClusterFolder, seedDemoAccounts, startCluster } from './cluster.mjs';

const { values: args } = parseArgs({ options: { port: { type: 'string', default: '8090' }, keep: { type: 'boolean', default: false } } });

const cluster = await startCluster({ port: Number(args.port) }).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
const signIns = seedDemoAccounts(cluster);
console.log(`
Cluster up: ${cluster.url} (nginx, round robin)
  APIs:    ${cluster.apis.map((api) => `${api.name} ${api.url}`).join(', ')}
  workers: ${cluster.workers.map((worker) => `${worker.name} ${worker.address}`).join(', ')}
  MariaDB 127.0.0.1:${cluster.db.port}, Redis 127.0.0.1:${cluster.redis.port} (their own data, in ${cluster.dir})
  logs:    ${cluster.dir}/*.log, nginx/access.log
${signIns}
Ctrl+C stops everything and removes the namespaces.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('Stopping the cluster…');
  await cluster.stop();
  if (!args.keep) removeClusterFolder(cluster);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

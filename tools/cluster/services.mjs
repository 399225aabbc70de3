// The cluster's own MariaDB and Redis: own data folder and ports, listening on loopback and the cluster's bridge only,
// so stopping and restarting them never touches the machine's shared services (:3306, :6379).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { BRIDGE } from './hosts.mjs';
import { freePort, managedProcess, waitForPort } from './processes.mjs';

/**
 * MariaDB on `<dir>/mariadb`, without grant tables: only the cluster's own hosts reach it (loopback and the bridge,
 * which routes nowhere), and it lives as long as the run.
 */
export async function startClusterMariadb(dir) {
  const home = path.join(dir, 'mariadb');
  const datadir = path.join(home, 'data');
  mkdirSync(home, { recursive: true });
  execFileSync('mariadb-install-db', ['--no-defaults', `--datadir=${datadir}`, '--auth-root-authentication-method=normal', '--skip-test-db', '--user=root'], { stdio: 'ignore', timeout: 120_000 });
  const port = await freePort();
  const server = managedProcess({
    name: 'mariadb',
    command: 'mariadbd',
    args: [
      '--no-defaults', `--datadir=${datadir}`, `--port=${port}`, `--bind-address=127.0.0.1,${BRIDGE.address}`,
      `--socket=${path.join(home, 'mysqld.sock')}`, `--pid-file=${path.join(home, 'mysqld.pid')}`, '--skip-grant-tables',
      '--skip-name-resolve', '--user=root', '--innodb-buffer-pool-size=64M', '--innodb-log-file-size=16M', '--skip-log-bin',
      '--max-connections=300',
    ],
    logDir: dir,
    graceMs: 30_000,
  });
  const start = async () => {
    server.start();
    await waitForPort('127.0.0.1', port, 60_000);
  };
  await start();
  return {
    port,
    localUrl: (database) => `mysql://root@127.0.0.1:${port}/${database}`,
    clusterUrl: (database) => `mysql://root@${BRIDGE.address}:${port}/${database}`,
    start,
    stop: () => server.stop(),
    close: () => server.close(),
  };
}

/** Redis keeping nothing on disk, as on these machines: a restart loses every key, queued jobs included. */
export async function startClusterRedis(dir) {
  const home = path.join(dir, 'redis');
  mkdirSync(home, { recursive: true });
  const port = await freePort();
  const server = managedProcess({
    name: 'redis',
    command: 'redis-server',
    args: ['--port', String(port), '--bind', '127.0.0.1', BRIDGE.address, '--protected-mode', 'no', '--dir', home, '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    logDir: dir,
    graceMs: 10_000,
  });
  const start = async () => {
    server.start();
    await waitForPort('127.0.0.1', port, 15_000);
  };
  await start();
  return {
    port,
    localUrl: `redis://127.0.0.1:${port}`,
    clusterUrl: `redis://${BRIDGE.address}:${port}`,
    start,
    stop: () => server.stop(),
    close: () => server.close(),
  };
}

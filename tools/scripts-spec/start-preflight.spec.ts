import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '../..');

/** `npm start` with services that do not answer (port 1 is closed on loopback). */
function startWith(env: Record<string, string>) {
  return spawnSync('node', ['tools/scripts/start.mjs'], {
    cwd: root, encoding: 'utf8', timeout: 30000,
    env: { ...process.env, DATABASE_URL: 'mysql://root@127.0.0.1:3306/cqa', REDIS_URL: 'redis://127.0.0.1:6379', ...env },
  });
}

describe('npm start when a service is down', () => {
  it('names MySQL, where it looked and how to start it, without a stack trace', () => {
    const result = startWith({ DATABASE_URL: 'mysql://root:hunter2@127.0.0.1:1/cqa' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('MySQL is not reachable at mysql://root:***@127.0.0.1:1/cqa (DATABASE_URL)');
    expect(result.stderr).toContain('docker compose -f docker/compose.yml up -d mysql');
    expect(result.stderr).not.toContain('Redis is not reachable');
    expect(result.stderr).not.toContain('hunter2');
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('names Redis when Redis is the one down', () => {
    const result = startWith({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Redis is not reachable at redis://127.0.0.1:1 (REDIS_URL)');
    expect(result.stderr).toContain('docker compose -f docker/compose.yml up -d redis');
    expect(result.stderr).not.toContain('MySQL is not reachable');
  });
});

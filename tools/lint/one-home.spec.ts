import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');

const walk = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'migrations' ? [] : walk(rel);
    return /\.tsx?$/.test(entry.name) && !/\.(integration-)?spec\.tsx?$/.test(entry.name) ? [rel] : [];
  });

/** Rules with one home in contracts: a copy of them anywhere else in production code. */
const COPIES: Array<[rule: string, homes: string[], copy: RegExp]> = [
  // research.runner.ts: a deep research run past its plan (queued or running) is one its flow may run: another rule.
  ['the active AI run states', ['libs/contracts/src/ai.ts', 'libs/contracts/src/research.ts', 'apps/api/src/modules/answers/research/research.runner.ts'], /'queued',\s*'running'\]|=== 'queued' \|\| [\w?.]+ === 'running'/],
  ['the active deep research states', ['libs/contracts/src/research.ts'], /'planning',\s*(?:'awaiting_approval',\s*)?'queued',\s*'running'/],
];

/** An RTK Query endpoint (or a raw call) given a path as a literal. */
const ENDPOINT_LITERAL = /(?:\burl:\s*|\bquery:\s*\([^)]*\)\s*=>\s*(?:\(\{\s*url:\s*)?)['`]\//;

describe('rules that live in contracts are not copied', () => {
  const files = [...walk('apps'), ...walk('libs')];
  it.each(COPIES)('%s live in %s only', (_rule, homes, copy) => {
    expect(files.filter((file) => !homes.includes(file) && copy.test(fs.readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });

  it('every endpoint the web calls is named by a contracts *Paths object, never written out', () => {
    const web = files.filter((file) => /^(?:libs\/web-[a-z]+|apps\/(?:shell|patient|expert|admin))\/src\//.test(file));
    // The files that call the API: RTK Query endpoints and the raw base query.
    const callers = web.filter((file) => /injectEndpoints\(|createApi\(|rawBaseQuery\(/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(callers.length).toBeGreaterThan(5);
    expect(callers.filter((file) => ENDPOINT_LITERAL.test(fs.readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });

  it('finds the copies it looks for', () => {
    expect(ENDPOINT_LITERAL.test("query: (id) => `/user/${id}`,")).toBe(true);
    expect(ENDPOINT_LITERAL.test("query: () => ({ url: '/auth/login', method: 'POST' })")).toBe(true);
    expect(ENDPOINT_LITERAL.test("query: () => rel(AuthPaths.me),")).toBe(false);
    expect(COPIES[0][2].test("const ACTIVE = ['queued', 'running'];")).toBe(true);
    expect(COPIES[0][2].test("run?.status === 'queued' || run?.status === 'running'")).toBe(true);
    expect(COPIES[1][2].test("const ACTIVE = ['planning', 'awaiting_approval', 'queued', 'running'];")).toBe(true);
    expect(COPIES[1][2].test("['planning', 'queued', 'running']")).toBe(true);
  });
});

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

describe('rules that live in contracts are not copied', () => {
  const files = [...walk('apps'), ...walk('libs')];
  it.each(COPIES)('%s live in %s only', (_rule, homes, copy) => {
    expect(files.filter((file) => !homes.includes(file) && copy.test(fs.readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });

  it('finds the copies it looks for', () => {
    expect(COPIES[0][2].test("const ACTIVE = ['queued', 'running'];")).toBe(true);
    expect(COPIES[0][2].test("run?.status === 'queued' || run?.status === 'running'")).toBe(true);
    expect(COPIES[1][2].test("const ACTIVE = ['planning', 'awaiting_approval', 'queued', 'running'];")).toBe(true);
    expect(COPIES[1][2].test("['planning', 'queued', 'running']")).toBe(true);
  });
});

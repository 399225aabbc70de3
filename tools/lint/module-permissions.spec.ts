import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');
const MODULES = 'apps/api/src/modules';

/** The one list (an ES module that eslint.config.mjs imports too), read in a Node process of its own. */
const SERVER_MODULES = JSON.parse(
  execFileSync(process.execPath, ['--input-type=module', '-e', "const m = await import('./tools/lint/server-modules.mjs'); console.log(JSON.stringify(m.SERVER_MODULES));"], {
    cwd: root,
    encoding: 'utf8',
  }),
) as Record<string, string[]>;

/** Production files only: specs and test helpers may import any module (the lint exempts them), so they grant nothing. */
const isProduction = (file: string) => !/\.(integration-)?spec\.ts$/.test(file) && !/(^|\/)(test|testing)\//.test(file) && !/test-helpers\.ts$/.test(file);

const walk = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return walk(rel);
    return entry.name.endsWith('.ts') && isProduction(rel) ? [rel] : [];
  });

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

/** Module -> the other modules its production files import (relative imports that land in another module's folder). */
function usedEdges(): Record<string, Set<string>> {
  const used: Record<string, Set<string>> = {};
  for (const file of walk(MODULES)) {
    const from = file.slice(MODULES.length + 1).split('/')[0]!;
    for (const [, specifier] of fs.readFileSync(path.join(root, file), 'utf8').matchAll(SPECIFIER)) {
      if (!specifier!.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier!));
      if (!target.startsWith(`${MODULES}/`)) continue;
      const to = target.slice(MODULES.length + 1).split('/')[0]!;
      if (to !== from) (used[from] ??= new Set()).add(to);
    }
  }
  return used;
}

/** Permissions of the table that no production import uses, as 'module → callee'. */
function unusedPermissions(table: Record<string, string[]>, used: Record<string, Set<string>>): string[] {
  return Object.entries(table).flatMap(([name, may]) => may.filter((callee) => !used[name]?.has(callee)).map((callee) => `${name} → ${callee}`));
}

describe('the module table grants only what is used', () => {
  const used = usedEdges();

  it('lists no permission that no production import uses (remove it from tools/lint/server-modules.mjs and docs/architecture.md)', () => {
    expect(unusedPermissions(SERVER_MODULES, used)).toEqual([]);
  });

  it('sees the imports it checks, and refuses a permission granted beyond them', () => {
    expect([...(used.answers ?? [])]).toEqual(expect.arrayContaining(['questions', 'profiles']));
    expect(unusedPermissions({ answers: ['questions', 'reports'] }, used)).toEqual(['answers → reports']);
  });
});

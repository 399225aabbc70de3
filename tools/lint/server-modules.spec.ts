import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');

/** The one list (an ES module that eslint.config.mjs imports too), read in a Node process of its own. */
const SERVER_MODULES = JSON.parse(
  execFileSync(process.execPath, ['--input-type=module', '-e', "const m = await import('./tools/lint/server-modules.mjs'); console.log(JSON.stringify(m.SERVER_MODULES));"], {
    cwd: root,
    encoding: 'utf8',
  }),
) as Record<string, string[]>;

/** The rows of docs/architecture.md's "Modules" table: each module named in the first column with its "May call" names. */
function documentedTable(markdown: string): Record<string, string[]> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Modules ('));
  if (!section) throw new Error('docs/architecture.md has no "## Modules" section');
  const names = (cell: string) => [...cell.replace(/\([^()]*\)/g, '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
  const table: Record<string, string[]> = {};
  for (const line of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const cells = line.split('|').slice(1, -1);
    for (const module of names(cells[0])) table[module] = names(cells[cells.length - 1]).sort();
  }
  return table;
}

describe('the server module table', () => {
  it('docs/architecture.md shows the list of tools/lint/server-modules.mjs, module by module', () => {
    const documented = documentedTable(fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));
    const listed = Object.fromEntries(Object.entries(SERVER_MODULES).map(([name, may]) => [name, [...may].sort()]));
    expect(documented).toEqual(listed);
  });

  it('lists every module folder of apps/api/src/modules, and no other', () => {
    const folders = fs
      .readdirSync(path.join(root, 'apps/api/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(Object.keys(SERVER_MODULES).sort()).toEqual(folders.sort());
  });

  it('declares every /api/admin/* route in modules/admin (the one admin surface)', () => {
    const walk = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const rel = `${dir}/${entry.name}`;
        if (entry.isDirectory()) return walk(rel);
        return entry.name.endsWith('.ts') && !/\.(integration-)?spec\.ts$/.test(entry.name) ? [rel] : [];
      });
    const ADMIN_ROUTE = /@(?:Controller|Get|Post|Put|Patch|Delete)\(\s*(?:\{\s*path:\s*)?['"`]\/?admin(?:\/|['"`])/;
    const adminRoutesElsewhere = walk('apps/api/src')
      .filter((file) => !file.startsWith('apps/api/src/modules/admin/'))
      .filter((file) => ADMIN_ROUTE.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(adminRoutesElsewhere).toEqual([]);
    expect(ADMIN_ROUTE.test("@Controller('admin/users')")).toBe(true);
    expect(ADMIN_ROUTE.test("@Get('admin/patients-auth')")).toBe(true);
    expect(ADMIN_ROUTE.test("@Controller('administrators')")).toBe(false);
  });

  it('names only listed modules as callees, and no module calls itself', () => {
    for (const [name, may] of Object.entries(SERVER_MODULES)) {
      for (const callee of may) expect({ name, callee, listed: callee in SERVER_MODULES && callee !== name }).toEqual({ name, callee, listed: true });
    }
  });
});

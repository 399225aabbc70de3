import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');
const SRC = path.join(root, 'apps/api/src');

/** An ES module (eslint.config.mjs and this spec share it), loaded in a Node process of its own. */
function load<T>(file: string, expression: string): T {
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', `const m = await import('./${file}'); console.log(JSON.stringify(${expression}));`], { cwd: root, encoding: 'utf8' }),
  ) as T;
}
const { TABLE_OWNERS, TABLE_WRITE_EXCEPTIONS, SERVER_MODULES } = load<{
  TABLE_OWNERS: Record<string, string>;
  TABLE_WRITE_EXCEPTIONS: Array<{ file: string; table: string; reason: string }>;
  SERVER_MODULES: Record<string, string[]>;
}>('tools/lint/server-modules.mjs', '{ TABLE_OWNERS: m.TABLE_OWNERS, TABLE_WRITE_EXCEPTIONS: m.TABLE_WRITE_EXCEPTIONS, SERVER_MODULES: m.SERVER_MODULES }');

type Write = { table: string; line: number };
/** tools/lint/table-writes.mjs run on the given sources, in one Node process. */
function scan(sources: Record<string, string>, tables: string[]): Record<string, Write[]> {
  const script = `
    const { entityTables, tableWrites } = await import('./tools/lint/table-writes.mjs');
    const { sources, tables } = JSON.parse(await new Promise((resolve) => { let s = ''; process.stdin.on('data', (d) => (s += d)); process.stdin.on('end', () => resolve(s)); }));
    const entities = Object.assign({}, ...Object.values(sources).map(entityTables));
    console.log(JSON.stringify(Object.fromEntries(Object.entries(sources).map(([file, text]) => [file, tableWrites(text, tables, entities)]))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', input: JSON.stringify({ sources, tables }), maxBuffer: 64 << 20 }));
}

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(file);
    return entry.name.endsWith('.ts') && !/\.(integration-)?spec\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });

/** The schema's tables: every CREATE TABLE of the migrations. */
function schemaTables(): string[] {
  const text = walk(path.join(SRC, 'database/migrations')).map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  return [...new Set([...text.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?`?([a-z_][a-z0-9_]*)/g)].map((m) => m[1]))].sort();
}

const ownsFile = (owner: string, file: string) => (owner.endsWith('.ts') ? file === owner : file.startsWith(`${owner}/`));

describe('table ownership: each table is written by its owner only', () => {
  const tables = schemaTables();

  it('names an owner for every table of the schema, and only listed modules (or files in them) as owners', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables);
    for (const owner of Object.values(TABLE_OWNERS)) {
      expect(Object.keys(SERVER_MODULES)).toContain(owner.split('/')[0]);
      if (owner.endsWith('.ts')) expect(fs.existsSync(path.join(SRC, 'modules', owner))).toBe(true);
    }
    for (const exception of TABLE_WRITE_EXCEPTIONS) expect(exception.reason.length).toBeGreaterThan(20);
  });

  it('finds no INSERT, UPDATE or DELETE on a table outside its owner, except the listed ones (each still needed)', () => {
    // The composer (database/: migrations, seed, CLI) sets the schema and its first rows up: not a module, not checked.
    const files = [...walk(path.join(SRC, 'modules')), ...walk(SRC).filter((file) => !file.startsWith(path.join(SRC, 'modules')) && !file.startsWith(path.join(SRC, 'database')))];
    const sources = Object.fromEntries(files.map((file) => [path.relative(path.join(SRC, 'modules'), file), fs.readFileSync(file, 'utf8')]));
    const found = scan(sources, tables);
    const outside: string[] = [];
    const used = new Set<string>();
    for (const [file, writes] of Object.entries(found)) {
      for (const { table, line } of writes) {
        if (ownsFile(TABLE_OWNERS[table], file)) continue;
        const key = `${file} ${table}`;
        if (TABLE_WRITE_EXCEPTIONS.some((e) => `${e.file} ${e.table}` === key)) used.add(key);
        else outside.push(`${file}:${line} writes ${table} (owner: ${TABLE_OWNERS[table]})`);
      }
    }
    expect(outside).toEqual([]);
    expect(TABLE_WRITE_EXCEPTIONS.map((e) => `${e.file} ${e.table}`).filter((key) => !used.has(key))).toEqual([]);
  });

  it('reads the writes of the fixtures that break the rule, and not the look-alikes', () => {
    const fixtures = {
      'x/entities.ts': "@Entity('users')\nexport class UserEntity {}\n@Entity({ name: 'patients' })\nexport class Ignored {}\n@Entity('auth_logs')\n@Index(['a'])\nexport class AuthLogEntity {}",
      'x/insert.ts': "await ds.query(`INSERT IGNORE INTO\n  users (id) VALUES (?)`);",
      'x/replace.ts': "await ds.query('REPLACE INTO users (id) VALUES (?)');",
      'x/update-join.ts': "await ds.query('UPDATE users u JOIN patients p ON p.user_id = u.id SET u.x = 1');",
      'x/delete-multi.ts': "await ds.query('DELETE u FROM users u JOIN patients p ON p.user_id = u.id');",
      'x/upsert.ts': "await ds.query('INSERT INTO patients (id) VALUES (?) ON DUPLICATE KEY UPDATE users = 1');",
      'x/read.ts': "await ds.query('SELECT * FROM users WHERE x IN (SELECT 1 FROM auth_logs)'); // we update users later",
      'x/repository.ts': 'constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}\nawait this.users.save(user);',
      'x/repository-read.ts': 'constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}\nawait this.users.findOne({});',
      'x/manager.ts': 'await manager.update(AuthLogEntity, { id }, { x: 1 });',
      'x/builder.ts': 'await qb.insert().into(UserEntity).values({}).execute();\nawait qb.select().from(AuthLogEntity, "a").getMany();',
      'x/builder-delete.ts': 'await qb.delete().from(AuthLogEntity).execute();',
    };
    const written = Object.fromEntries(Object.entries(scan(fixtures, ['users', 'patients', 'auth_logs'])).map(([file, writes]) => [file, writes.map((w) => w.table).sort()]));
    expect(written).toEqual({
      'x/entities.ts': [],
      'x/insert.ts': ['users'],
      'x/replace.ts': ['users'],
      'x/update-join.ts': ['users'],
      'x/delete-multi.ts': ['users'],
      'x/upsert.ts': ['patients'],
      'x/read.ts': [],
      'x/repository.ts': ['users'],
      'x/repository-read.ts': [],
      'x/manager.ts': ['auth_logs'],
      'x/builder.ts': ['users'],
      'x/builder-delete.ts': ['auth_logs'],
    });
  });
});

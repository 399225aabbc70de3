import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.join(__dirname, '../..');

const MAX_LINES = 450;

/** Migrations, specs and word lists may be longer: their length is data, not logic. */
const EXEMPT = /(?:^|\/)migrations\/|\.(?:integration-)?spec\.ts$|(?:^|\/)vocabulary\.ts$|\.data\.ts$/;

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

const lineCount = (file: string) => fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;

/** Each file under `dir` over the limit and not exempt, as `path: lines` relative to `base`. */
function overLong(dir: string, base = root): string[] {
  return walk(dir)
    .map((file) => path.relative(base, file).split(path.sep).join('/'))
    .filter((rel) => !EXEMPT.test(rel))
    .map((rel) => [rel, lineCount(path.join(base, rel))] as const)
    .filter(([, lines]) => lines > MAX_LINES)
    .map(([rel, lines]) => `${rel}: ${lines}`);
}

describe(`no file in apps/api/src over ${MAX_LINES} lines`, () => {
  it('holds outside migrations, specs, vocabulary.ts and *.data.ts', () => {
    expect(overLong(path.join(root, 'apps/api/src'))).toEqual([]);
  });

  describe('on a fixture tree', () => {
    let dir: string;
    const write = (rel: string, lines: number) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), `${Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`).join('\n')}\n`);
    };
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-size-'));
      write('modules/long/long.service.ts', MAX_LINES + 1);
      write('modules/long/page.tsx', MAX_LINES + 20);
      write('modules/fits/fits.service.ts', MAX_LINES);
      write('database/migrations/1700000000000-Big.ts', 900);
      write('modules/long/long.spec.ts', 900);
      write('modules/long/long.integration-spec.ts', 900);
      write('modules/ai/retrieval/vocabulary.ts', 900);
      write('modules/ai/retrieval/words.data.ts', 900);
      write('modules/ai/retrieval/vocabulary-extra.ts', MAX_LINES + 1);
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('names each over-long file that is not exempt, and only those', () => {
      expect(overLong(dir, dir).sort()).toEqual([
        `modules/ai/retrieval/vocabulary-extra.ts: ${MAX_LINES + 1}`,
        `modules/long/long.service.ts: ${MAX_LINES + 1}`,
        `modules/long/page.tsx: ${MAX_LINES + 20}`,
      ]);
    });
  });
});

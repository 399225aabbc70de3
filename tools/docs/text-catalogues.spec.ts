import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');

/**
 * A text catalogue: a module-level `const` (exported or not) whose name ends in Texts, TEXTS, Messages or MESSAGES,
 * initialised with an object literal (`export const AiTexts = {`, `const WORKER_MESSAGES: Record<K, string> = {`).
 * Catalogues live in libs/contracts/src/texts/ (re-exported by messages.ts) or in a feature's texts.ts, nowhere else.
 */
const CATALOGUE = /^(?:export\s+)?const\s+((?:[A-Za-z_$][\w$]*)?(?:Texts|TEXTS|Messages|MESSAGES))\s*(?::[^=\n]+)?=\s*\{/gm;
const SOURCE = /\.(?:ts|tsx|js|jsx|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.nx']);

const allowed = (file: string) => file.startsWith('libs/contracts/src/texts/') || /(^|\/)texts\.tsx?$/.test(file);

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sources(rel);
    return SOURCE.test(entry.name) ? [rel] : [];
  });
}

/** Every catalogue declared in a file: its name. */
function cataloguesIn(text: string): string[] {
  return [...text.matchAll(CATALOGUE)].map((m) => m[1]);
}

describe('text catalogues', () => {
  it('recognises a catalogue, exported or not, with or without a type, and nothing else', () => {
    expect(cataloguesIn("export const AiTexts = {\n  a: 'x',\n};")).toEqual(['AiTexts']);
    expect(cataloguesIn("const WORKER_MESSAGES: Record<State, string> = {\n  a: 'x',\n};")).toEqual(['WORKER_MESSAGES']);
    expect(cataloguesIn("export const ACCESS_LOG_TEXTS = { title: 'x' } as const;")).toEqual(['ACCESS_LOG_TEXTS']);
    expect(cataloguesIn("export const Messages = {\n  validation: {},\n};")).toEqual(['Messages']);
    expect(cataloguesIn("const texts = useTexts();\nexport const TextsPanel = () => null;\n  const LocalTexts = {};")).toEqual([]);
  });

  it('are declared only in libs/contracts/src/texts/ or a file named texts.ts', () => {
    const offenders = ['apps', 'libs']
      .flatMap(sources)
      .filter((file) => !allowed(file))
      .flatMap((file) => cataloguesIn(fs.readFileSync(path.join(root, file), 'utf8')).map((name) => `${file}: ${name}`));
    expect(offenders).toEqual([]);
  });

  it('the contracts catalogues are all re-exported by messages.ts', () => {
    const folder = path.join(root, 'libs/contracts/src/texts');
    const messages = fs.readFileSync(path.join(root, 'libs/contracts/src/messages.ts'), 'utf8');
    for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
      expect({ file, reExported: messages.includes(`export * from './texts/${file.replace(/\.ts$/, '')}';`) }).toEqual({ file, reExported: true });
    }
  });
});

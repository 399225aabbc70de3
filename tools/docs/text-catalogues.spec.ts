import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');

// Where a text lives (see libs/contracts/src/messages.ts): catalogues only in contracts' texts/ or a feature's texts.ts;
// the web's production .tsx writes no word into a title/label/aria-label/placeholder/button-text attribute or a
// title:/label: property; exported label constants (X_TITLE, X_LABEL, X_LABELS, X_TEXT) of the web and the contracts
// sit in a catalogue file too.

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

/** The web's production code: the apps' and web libs' sources, without specs and test helpers. */
const WEB_DIRS = [
  ...['shell', 'patient', 'expert', 'admin'].map((app) => `apps/${app}/src`),
  ...fs.readdirSync(path.join(root, 'libs')).filter((lib) => lib.startsWith('web-')).map((lib) => `libs/${lib}/src`),
];
const production = (file: string) => !/\.(?:spec|test)\.[jt]sx?$/.test(file) && !/(^|\/)(?:testing|__tests__|test)\//.test(file) && !/(^|\/)test-helpers?\.[jt]sx?$/.test(file);

/**
 * A written-out user-facing text where a catalogue's belongs: a JSX attribute that shows words (`label="Email"`,
 * `aria-label={'Main'}`) or a `title:`/`label:` property (antd columns, tabs, descriptions), holding a string literal
 * with a letter in it. `title={AdminTexts.name}`, `label: Texts.x` and `key: 'patient'` are not.
 */
const JSX_TEXT_ATTRIBUTE = /(?<![\w$-])(title|label|aria-label|placeholder|okText|cancelText|emptyText)=(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`$]*)`)\s*\})/g;
const TEXT_PROPERTY = /(?<![\w$.-])(title|label)\s*:\s*(?:"([^"\n]*)"|'([^'\n]*)'|`([^`$\n]*)`)/g;
const hasWords = (value: string) => /[A-Za-z]/.test(value);

/** Every written-out text of a .tsx file: `name=value` (attribute) or `name: value` (property). */
function writtenOutTexts(text: string): string[] {
  const value = (m: RegExpMatchArray) => m.slice(2).find((v) => v !== undefined) ?? '';
  return [
    ...[...text.matchAll(JSX_TEXT_ATTRIBUTE)].filter((m) => hasWords(value(m))).map((m) => `${m[1]}=${value(m)}`),
    ...[...text.matchAll(TEXT_PROPERTY)].filter((m) => hasWords(value(m))).map((m) => `${m[1]}: ${value(m)}`),
  ];
}

/**
 * An exported label constant: `export const X_TITLE = '…'`, `X_LABEL`, `X_TEXT`, or `X_LABELS: Record<K, string> = {…}`,
 * initialised with a string or an object. It belongs in a catalogue (a feature's texts.ts or contracts' texts/).
 */
const LABEL_CONSTANT = /^export\s+const\s+([A-Z][A-Z0-9_]*_(?:TITLE|TITLES|LABEL|LABELS|TEXT))\s*(?::[^=\n]+)?=\s*['"`{]/gm;

/** Label constants kept outside texts/, each with its reason. */
const LABEL_CONSTANT_ALLOWED: Record<string, string> = {
  'libs/contracts/src/passwords/common-passwords.data.ts: COMMON_PASSWORDS_TEXT': 'a word list the password check reads, never shown',
};

/** Every label constant of a file: a string, or an object holding a written-out string (not one of references only). */
function labelConstantsIn(text: string): string[] {
  return [...text.matchAll(LABEL_CONSTANT)]
    .filter((m) => {
      if (!m[0].endsWith('{')) return true;
      const start = (m.index ?? 0) + m[0].length;
      const end = text[start] === '\n' ? text.indexOf('\n}', start) : text.indexOf('}', start);
      return /(['"`])[^'"`\n]*[A-Za-z][^'"`\n]*\1/.test(text.slice(start, end < 0 ? undefined : end));
    })
    .map((m) => m[1]);
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

  it('recognises a written-out text in a JSX attribute or a title/label property, and not a catalogue reference', () => {
    expect(writtenOutTexts('<Form.Item label="Email" name="email">')).toEqual(['label=Email']);
    expect(writtenOutTexts(`<nav aria-label='Main'><Card title={"Review the plan"} /><Input placeholder={\`All patients\`} /></nav>`)).toEqual([
      'aria-label=Main',
      'title=Review the plan',
      'placeholder=All patients',
    ]);
    expect(writtenOutTexts('<Popconfirm okText="Delete" cancelText="Keep" /><Table emptyText="None" />')).toEqual(['okText=Delete', 'cancelText=Keep', 'emptyText=None']);
    expect(writtenOutTexts("const columns = [{ title: 'Name', dataIndex: 'name' }, { key: 'patient', label: 'Patients' }];")).toEqual(['title: Name', 'label: Patients']);
    expect(writtenOutTexts('const c = {\n  title: "Email status",\n};')).toEqual(['title: Email status']);
    expect(
      writtenOutTexts(
        "<Card title={AdminTexts.name} label={t.x} aria-label={`${name} menu`} titleLevel={1} />\n" +
          "const tabs = [{ key: 'patient', label: Texts.x, title: UserTexts.name }];\n" +
          "<a data-title=\"x\" subtitle=\"y\" />; const o = { subtitle: 'z', row: item.title, t: 'title: x' }; <i title=\"–\" />",
      ),
    ).toEqual([]);
  });

  it('no written-out title, label, aria-label, placeholder or button text in the web\'s .tsx', () => {
    const offenders = WEB_DIRS.flatMap(sources)
      .filter((file) => file.endsWith('.tsx') && production(file))
      .flatMap((file) => writtenOutTexts(fs.readFileSync(path.join(root, file), 'utf8')).map((found) => `${file}: ${found}`));
    expect(offenders).toEqual([]);
  });

  it('recognises an exported label constant initialised with a string or an object, and nothing else', () => {
    expect(labelConstantsIn("export const PATIENTS_DASHBOARD_TITLE = 'Patients Dashboard';")).toEqual(['PATIENTS_DASHBOARD_TITLE']);
    expect(labelConstantsIn("export const BLOCKED_LABEL = 'Blocked';\nexport const X_TEXT =\n  'A long text';")).toEqual(['BLOCKED_LABEL', 'X_TEXT']);
    expect(labelConstantsIn("export const STATUS_LABELS: Record<Status, string> = {\n  a: 'A',\n};")).toEqual(['STATUS_LABELS']);
    expect(
      labelConstantsIn("export const EMPTY_FIELD_TEXT: Partial<Record<Field, string>> = {\n  a: Messages.empty.none,\n};\nexport const ONE_LABELS = { a: 'Yes' };")).toEqual(['ONE_LABELS']);
    expect(labelConstantsIn("export const A_LABELS = { a: Texts.a };\nconst other = { b: 'word' };")).toEqual([]);
    expect(labelConstantsIn("const LOCAL_LABEL = 'x';\nexport const MENU_ID = 'menu';\nexport const X_TITLE = Texts.title;\nexport const LABEL_WIDTH = 4;"),
    ).toEqual([]);
  });

  it('exported label constants of the web and the contracts are declared in a catalogue file', () => {
    const offenders = [...WEB_DIRS, 'libs/contracts/src']
      .flatMap(sources)
      .filter((file) => production(file) && !allowed(file))
      .flatMap((file) => labelConstantsIn(fs.readFileSync(path.join(root, file), 'utf8')).map((name) => `${file}: ${name}`))
      .filter((found) => !(found in LABEL_CONSTANT_ALLOWED));
    expect(offenders).toEqual([]);
  });

  it('every allowed label constant still exists (an allow-list does not outlive its reason)', () => {
    for (const entry of Object.keys(LABEL_CONSTANT_ALLOWED)) {
      const [file, name] = entry.split(': ');
      expect({ entry, found: labelConstantsIn(fs.readFileSync(path.join(root, file), 'utf8')).includes(name) }).toEqual({ entry, found: true });
    }
  });

  it('the contracts catalogues are all re-exported by messages.ts', () => {
    const folder = path.join(root, 'libs/contracts/src/texts');
    const messages = fs.readFileSync(path.join(root, 'libs/contracts/src/messages.ts'), 'utf8');
    for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
      expect({ file, reExported: messages.includes(`export * from './texts/${file.replace(/\.ts$/, '')}';`) }).toEqual({ file, reExported: true });
    }
  });
});

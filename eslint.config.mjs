// Lint for the whole workspace. The boundary rules are the point: they keep the contracts lib plain,
// the web and the server apart, and each remote independent of the others.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';

const remotes = ['patient', 'expert', 'admin'];
const webApps = ['shell', ...remotes];

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const serverOnly = ['@nestjs/*', 'typeorm', 'bullmq', 'mysql2', 'fastify', 'argon2', 'ioredis'];
const webOnly = ['react', 'react-dom', 'react-dom/*', 'react-router-dom', 'react-redux', '@reduxjs/toolkit', '@reduxjs/toolkit/*', 'antd', 'antd/*', '@ant-design/*'];
const appPaths = (names) => names.map((n) => `**/apps/${n}/**`);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'test-results/**', 'playwright-report/**', '.nx/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  // Relative paths are checked by where they land, so '../../expert/src/x' is caught as surely as an alias.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      'import/no-restricted-paths': ['error', {
        // Zones are relative to the workspace root even when Nx runs eslint from a project folder.
        basePath: import.meta.dirname,
        zones: [
          { target: './libs/contracts', from: ['./apps', './libs/web-core', './libs/web-ui', './tools'], message: 'The contracts lib imports nothing of ours.' },
          { target: ['./apps/api', './apps/worker'], from: [...webApps.map((n) => `./apps/${n}`), './libs/web-core', './libs/web-ui'], message: 'Server code never imports web code.' },
          { target: ['./libs/web-core', './libs/web-ui'], from: ['./apps'], message: 'Web libs never import an app.' },
          { target: './apps/shell', from: ['./apps/api', './apps/worker', ...remotes.map((r) => `./apps/${r}`)], message: 'The shell reaches remotes through Module Federation only, and never the server.' },
          ...remotes.map((name) => ({
            target: `./apps/${name}`,
            from: ['./apps/api', './apps/worker', './apps/shell', ...remotes.filter((r) => r !== name).map((r) => `./apps/${r}`)],
            message: 'A remote never imports another remote, the shell or the server.',
          })),
        ],
      }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: [...webApps.map((n) => `apps/${n}/**/*.{ts,tsx}`), 'libs/web-core/**/*.{ts,tsx}', 'libs/web-ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
  // contracts: plain TypeScript, imports nothing of ours and no framework.
  restrict(['libs/contracts/**/*.ts'], [
    { group: ['@cqa/*', '**/apps/**', '**/libs/**'], message: 'The contracts lib imports nothing of ours.' },
    { group: [...serverOnly, ...webOnly], message: 'The contracts lib stays free of Nest, React and every framework.' },
  ]),
  // server: never the web.
  restrict(['apps/api/**/*.ts', 'apps/worker/**/*.ts'], [
    { group: ['@cqa/web-core', '@cqa/web-ui', ...appPaths(webApps), '**/libs/web-*/**'], message: 'Server code never imports web code.' },
    { group: webOnly, message: 'Server code never imports web libraries.' },
  ]),
  // shared web libs: never the server, never an app.
  restrict(['libs/web-core/**/*.{ts,tsx}', 'libs/web-ui/**/*.{ts,tsx}'], [
    { group: ['@cqa/api/*', ...appPaths(['api', 'worker', ...webApps])], message: 'Web libs import neither server code nor an app.' },
    { group: serverOnly, message: 'Web code never imports server libraries.' },
  ]),
  // shell: loads remotes only through Module Federation, never by import.
  restrict(['apps/shell/**/*.{ts,tsx}'], [
    { group: ['@cqa/api/*', ...appPaths(['api', 'worker', ...remotes])], message: 'The shell reaches remotes through Module Federation only, and never the server.' },
    { group: serverOnly, message: 'Web code never imports server libraries.' },
  ]),
  ...remotes.map((name) =>
    restrict([`apps/${name}/**/*.{ts,tsx}`], [
      { group: ['@cqa/api/*', ...appPaths(['api', 'worker', 'shell', ...remotes.filter((r) => r !== name)])], message: 'A remote never imports another remote, the shell or the server.' },
      { group: serverOnly, message: 'Web code never imports server libraries.' },
    ]),
  ),
);

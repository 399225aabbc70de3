// Lint for the whole workspace. The boundary rules are the point: they keep the contracts lib plain,
// the web and the server apart, and each remote independent of the others.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';
import importPlugin from 'eslint-plugin-import';
import { serverModuleZones } from './tools/lint/server-modules.mjs';

// The projects, read from apps/* and libs/* (their package.json names and Nx tags), so a project added, moved or
// removed is covered without editing this file. The boundaries are Nx-style constraints between tags:
//   apps/*                        import libs only: no app imports another app (the shell loads remotes through
//                                 Module Federation), by package name, alias or relative path;
//   libs/*                        never import an app;
//   type:contracts                imports nothing of ours and no framework;
//   scope:web <-> scope:server    never import each other (nor each other's frameworks);
//   type:ui <-> type:data-access  web-ui (presentational) and web-core (store, API, routes) never import each other;
//                                 the apps combine them;
//   type:feature                  web-qa (connected Q&A pieces) builds on web-core and web-ui, and the apps use it:
//                                 app -> feature -> data-access/ui, never ui or data-access -> feature;
//   '@cqa/<lib>/testing'          test helpers, for specs only.
// Inside the server (scope:server apps), the module table of tools/lint/server-modules.mjs: which module may import
// which, no module importing the bootstrap files, no infrastructure importing a module, no migration importing live code.
const readProjects = (group) =>
  fs.readdirSync(path.join(import.meta.dirname, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(import.meta.dirname, group, entry.name, 'package.json')))
    .map((entry) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, group, entry.name, 'package.json'), 'utf8'));
      return { dir: `${group}/${entry.name}`, name: pkg.name, tags: pkg.nx?.tags ?? [], isApp: group === 'apps' };
    });
const projects = [...readProjects('apps'), ...readProjects('libs')];
const libs = projects.filter((p) => !p.isApp);
const has = (project, tag) => project.tags.includes(tag);

const serverOnly = ['@nestjs/*', 'typeorm', 'bullmq', 'mysql2', 'fastify', 'argon2', 'ioredis'];
const webOnly = ['react', 'react-dom', 'react-dom/*', 'react-router-dom', 'react-redux', '@reduxjs/toolkit', '@reduxjs/toolkit/*', 'antd', 'antd/*', '@ant-design/*'];
const testFiles = ['**/*.spec.{ts,tsx}', '**/*.integration-spec.ts', '**/test-helpers.{ts,tsx}', '**/testing/**', '**/test/**'];

/** Why `from` may not import `to`, or null when it may. */
function refusal(from, to) {
  if (from === to) return null;
  if (has(from, 'type:contracts')) return 'The contracts lib imports nothing of ours.';
  if (to.isApp && !from.isApp) return 'A lib never imports an app.';
  if (to.isApp && has(from, 'type:remote') && has(to, 'type:remote')) return 'A remote never imports another remote.';
  if (to.isApp) return 'No app imports another app (the shell reaches the remotes through Module Federation only).';
  const scopes = ['scope:web', 'scope:server'];
  if (scopes.some((a) => has(from, a) && scopes.some((b) => b !== a && has(to, b)))) return 'Web code and server code never import each other.';
  const layers = ['type:ui', 'type:data-access'];
  if (layers.some((a) => has(from, a) && layers.some((b) => b !== a && has(to, b)))) {
    return 'web-ui (presentational) and web-core (store, API, routes) never import each other; the shell and the remotes combine them.';
  }
  if (has(to, 'type:feature') && layers.some((layer) => has(from, layer))) {
    return 'web-ui and web-core never import the feature lib (web-qa): it builds on them, and the remotes use it.';
  }
  return null;
}

function frameworkRefusals(project) {
  if (has(project, 'type:contracts')) return [{ group: [...serverOnly, ...webOnly], message: 'The contracts lib stays free of Nest, React and every framework.' }];
  if (has(project, 'scope:web')) return [{ group: serverOnly, message: 'Web code never imports server libraries.' }];
  if (has(project, 'scope:server')) return [{ group: webOnly, message: 'Server code never imports web libraries.' }];
  return [];
}

/** One block per project: its refused projects by path (wherever a relative import lands) and by package name. */
function boundaries(project) {
  const refused = projects.map((to) => ({ to, message: refusal(project, to) })).filter((r) => r.message);
  const byName = refused.map(({ to, message }) => ({ group: [to.name, `${to.name}/*`], message }));
  // An app reaches other code only through the libs' package names, so no alias into an app can slip past.
  const libsOnly = project.isApp
    ? [{ group: ['@cqa/*', ...libs.flatMap((l) => [`!${l.name}`, `!${l.name}/*`])], message: 'An app imports only libs, never another app.' }]
    : [];
  const patterns = [...byName, ...libsOnly, ...frameworkRefusals(project)];
  const testing = { group: ['@cqa/*/testing'], message: 'Test helpers are for specs only; production code never imports a /testing entry.' };
  const files = [`${project.dir}/**/*.{ts,tsx,js,mjs,cjs}`];
  const projectZones = [
    ...refused.map(({ to, message }) => ({ target: `./${project.dir}`, from: `./${to.dir}`, message })),
    ...(has(project, 'type:contracts') ? [{ target: `./${project.dir}`, from: ['./tools', './e2e'], message: 'The contracts lib imports nothing of ours.' }] : []),
  ];
  const serverZones = project.isApp && has(project, 'scope:server') ? serverModuleZones() : [];
  // Zones are relative to the workspace root even when Nx runs eslint from a project folder.
  const restrictedPaths = (zones) => ['error', { basePath: import.meta.dirname, zones }];
  return [
    {
      files,
      plugins: { import: importPlugin },
      // Relative paths are checked by where they land, so '../../expert/src/x' is caught as surely as an alias.
      settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
      rules: {
        'import/no-restricted-paths': restrictedPaths([...projectZones, ...serverZones]),
        'no-restricted-imports': ['error', { patterns: [...patterns, testing] }],
      },
    },
    // Specs may set up rows through any server module; the project boundaries still hold for them.
    { files: testFiles.map((glob) => `${project.dir}/${glob}`), rules: { 'no-restricted-imports': ['error', { patterns }], 'import/no-restricted-paths': restrictedPaths(projectZones) } },
    ...storeOwnership(project, files),
  ];
}

/**
 * Redux Toolkit, RTK Query and react-redux run only inside web-core (type:data-access): the web build bundles them
 * there instead of sharing them through Module Federation (tools/webpack/create-web-config.cjs), so a remote or lib
 * importing one at run time would get a second copy, without the store's context. Types are fine; specs may set up a
 * Provider.
 */
function storeOwnership(project, files) {
  if (!has(project, 'scope:web') || has(project, 'type:data-access')) return [];
  const message = "Only web-core runs Redux code (it is not shared between the web apps): use web-core's hooks, store and baseApi.";
  return [
    {
      files,
      ignores: testFiles,
      rules: {
        '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['react-redux', '@reduxjs/toolkit', '@reduxjs/toolkit/*'], message, allowTypeImports: true }] }],
      },
    },
  ];
}

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
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: projects.filter((p) => has(p, 'scope:web')).map((p) => `${p.dir}/**/*.{ts,tsx}`),
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
  ...projects.flatMap(boundaries),
);

// The server's module table, the one list: which module under apps/api/src/modules may import which. The table
// "Modules" of docs/architecture.md shows the same edges in its "May call" column (tools/lint/server-modules.spec.ts
// checks that they agree), and eslint.config.mjs turns every edge not listed here into a refused zone
// (import/no-restricted-paths), proven by the fixtures of tools/lint/boundaries.spec.ts.
// Specs and test helpers are exempt from the module zones (an integration test may set up rows through any module),
// not from the other boundaries.

/** Module folder -> the module folders it may import. A module may always import its own subfolders. */
export const SERVER_MODULES = {
  auth: ['profiles', 'mail'],
  profiles: [],
  questions: ['profiles', 'notifications'],
  answers: ['profiles', 'questions', 'ai', 'notifications'],
  reports: ['profiles'],
  admin: ['auth', 'profiles', 'answers'],
  import: ['questions', 'answers', 'ai'],
  ai: [],
  mail: [],
  health: ['ai'],
  diagnostics: [],
  notifications: ['mail'],
};

/** Infrastructure folders of apps/api/src: any module may import them; they never import a module. */
export const INFRASTRUCTURE_WITHOUT_MODULES = ['common', 'config', 'queues', 'web'];

/** The files that assemble the app: a module never imports them (the arrows would run back up). */
export const BOOTSTRAP_FILES = ['app.module.ts', 'create-api-app.ts', 'create-openapi-document.ts', 'main.ts', 'main.worker.ts', 'main.openapi.ts'];

/** Migrations run against old schemas for ever: they import no live code (a frozen copy lives beside them). */
export const MIGRATIONS_DIR = 'database/migrations';

const SRC = './apps/api/src';

/** The import/no-restricted-paths zones of the server's production files, paths relative to the workspace root. */
export function serverModuleZones() {
  const names = Object.keys(SERVER_MODULES);
  const zones = names.flatMap((name) =>
    names
      .filter((other) => other !== name && !SERVER_MODULES[name].includes(other))
      .map((other) => ({
        target: `${SRC}/modules/${name}`,
        from: `${SRC}/modules/${other}`,
        message: `The module table (tools/lint/server-modules.mjs, docs/architecture.md) does not let '${name}' import '${other}'.`,
      })),
  );
  zones.push({
    target: `${SRC}/modules`,
    from: BOOTSTRAP_FILES.map((file) => `${SRC}/${file}`),
    message: 'A module never imports the files that assemble the app (app.module.ts, create-api-app.ts, ...).',
  });
  zones.push(
    ...INFRASTRUCTURE_WITHOUT_MODULES.map((dir) => ({
      target: `${SRC}/${dir}`,
      from: `${SRC}/modules`,
      message: `Infrastructure ('${dir}') never imports a feature module.`,
    })),
  );
  zones.push({
    target: `${SRC}/${MIGRATIONS_DIR}`,
    from: SRC,
    except: [`./${MIGRATIONS_DIR}`],
    message: 'A migration imports no live code (modules, common, config, ...): freeze what it needs in a file beside it.',
  });
  return zones;
}

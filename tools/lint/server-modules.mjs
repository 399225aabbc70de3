// The server's module table, the one list: which module under apps/api/src/modules may import which. The table
// "Modules" of docs/architecture.md shows the same edges in its "May call" column (tools/lint/server-modules.spec.ts
// checks that they agree), and eslint.config.mjs turns every edge not listed here into a refused zone
// (import/no-restricted-paths), proven by the fixtures of tools/lint/boundaries.spec.ts.
// Specs and test helpers are exempt from the module zones (an integration test may set up rows through any module),
// not from the other boundaries.

/** Module folder -> the module folders it may import. A module may always import its own subfolders. */
export const SERVER_MODULES = {
  auth: ['profiles', 'mail', 'reports'],
  profiles: [],
  questions: ['profiles', 'notifications', 'ai'],
  answers: ['profiles', 'questions', 'ai', 'notifications'],
  reports: ['profiles'],
  admin: ['auth', 'profiles', 'answers'],
  import: ['questions', 'answers'],
  ai: [],
  mail: [],
  health: ['ai'],
  diagnostics: [],
  notifications: ['mail'],
  erasure: ['auth', 'profiles', 'reports', 'answers', 'notifications', 'mail'],
};

/**
 * Edges narrowed to some files of the callee (paths relative to the callee's folder; a folder covers its files). The
 * question page is answers', so answers needs of questions only the question row (entities/: its entity, columns,
 * summary and DTO), its events (QuestionEventsModule) and reindexing (question-search.ts).
 */
export const EDGE_FILES = {
  answers: { questions: ['entities', 'question-events.ts', 'question-search.ts'] },
};

/** Modules that other modules reach through their index.ts only (its public face), never through their files. */
export const PUBLIC_FACE_MODULES = ['ai'];

/** Infrastructure folders of apps/api/src: any module may import them; they never import a module. */
export const INFRASTRUCTURE_WITHOUT_MODULES = ['common', 'config', 'queues', 'web'];

/** The files that assemble the app: a module never imports them (the arrows would run back up). */
export const BOOTSTRAP_FILES = ['app.module.ts', 'create-api-app.ts', 'create-openapi-document.ts', 'main.ts', 'main.worker.ts', 'main.openapi.ts'];

/**
 * The database composer (data source, migrations, seed, CLI): it imports modules (their entities, the search index),
 * so no module or infrastructure imports it. Their database toolkit is common/database.
 */
export const DATABASE_COMPOSER_DIR = 'database';

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
  for (const face of PUBLIC_FACE_MODULES) {
    for (const name of names.filter((other) => SERVER_MODULES[other].includes(face))) {
      zones.push({
        target: `${SRC}/modules/${name}`,
        from: `${SRC}/modules/${face}`,
        except: ['./index.ts'],
        message: `'${name}' imports '${face}' through its public face (modules/${face}/index.ts) only.`,
      });
    }
  }
  for (const [name, callees] of Object.entries(EDGE_FILES)) {
    for (const [callee, files] of Object.entries(callees)) {
      zones.push({
        target: `${SRC}/modules/${name}`,
        from: `${SRC}/modules/${callee}`,
        except: files.map((file) => `./${file}`),
        message: `'${name}' imports of '${callee}' only ${files.join(', ')} (EDGE_FILES in tools/lint/server-modules.mjs).`,
      });
    }
  }
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
    target: [`${SRC}/modules`, ...INFRASTRUCTURE_WITHOUT_MODULES.map((dir) => `${SRC}/${dir}`)],
    from: `${SRC}/${DATABASE_COMPOSER_DIR}`,
    message: 'Modules and infrastructure use the database toolkit (common/database), never the composer (database/: data source, migrations, seed, CLI), which imports modules.',
  });
  zones.push({
    target: `${SRC}/${MIGRATIONS_DIR}`,
    from: SRC,
    except: [`./${MIGRATIONS_DIR}`],
    message: 'A migration imports no live code (modules, common, config, ...): freeze what it needs in a file beside it.',
  });
  return zones;
}

/**
 * Table -> who writes it (INSERT, UPDATE, DELETE): a module folder of apps/api/src/modules, or one file path under it
 * (the table has a single writer). Reading is free. Checked by tools/lint/table-ownership.spec.ts, with the exceptions
 * below; the composer (database/: migrations, seed, CLI) writes whatever it sets up.
 */
export const TABLE_OWNERS = {
  users: 'auth',
  account_deletions: 'auth',
  refresh_tokens: 'auth',
  email_tokens: 'auth',
  auth_logs: 'auth',
  user_two_factor: 'auth',
  two_factor_recovery_codes: 'auth',
  account_exports: 'auth',
  patients: 'profiles',
  profile_access_logs: 'profiles',
  medical_reports: 'reports',
  cancer_questions: 'questions',
  question_search_terms: 'questions',
  question_search_vocabulary: 'questions',
  cancer_answers: 'answers',
  ratings_feedback: 'answers',
  community_answer_meta: 'answers',
  answer_claim_checks: 'answers',
  answer_retraction_flags: 'answers',
  ai_runs: 'answers',
  ai_run_records: 'answers',
  ai_run_queries: 'answers',
  research_runs: 'answers',
  research_steps: 'answers',
  research_run_records: 'answers',
  research_retraction_flags: 'answers',
  research_requests: 'answers',
  literature_records: 'answers/literature/literature-records.repository.ts',
  import_batches: 'import',
  import_rows: 'import',
  mail_outbox: 'mail',
  notification_settings: 'notifications',
  unsubscribe_tokens: 'notifications',
  answer_events: 'notifications',
};

/** Writes outside a table's owner, each with its reason. `file` is relative to apps/api/src/modules. */
export const TABLE_WRITE_EXCEPTIONS = [
  {
    file: 'answers/answer-writer.ts',
    table: 'cancer_questions',
    reason: "the question's answers_count and has_expert_answer, recounted in the transaction that adds or removes an answer, under the question's row lock",
  },
  {
    file: 'answers/answer-retractions.repository.ts',
    table: 'cancer_questions',
    reason: "the question's has_retracted_sources mark, set in the transaction that flags a retracted source (no flag without its mark)",
  },
  {
    file: 'notifications/answer-events.ts',
    table: 'cancer_questions',
    reason: "the question's last_answer_at, set with the answer event in the transaction that publishes the answer",
  },
  {
    file: 'notifications/new-answers.repository.ts',
    table: 'cancer_questions',
    reason: "the question's owner_seen_at, when its owner opens it (the New answers mark); notifications may not import questions",
  },
];

// Writes the OpenAPI document from the build (dist/api, as /api/docs-json serves it) and lints it with @redocly/cli
// against redocly.yaml (the recommended rules). Exits non-zero when the document has an error. `npm run lint:openapi`;
// a step of `npm test` after the production build.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadEnv, ROOT } from './lib/env.mjs';
import { runOrExit } from './lib/run.mjs';

const ENTRY = 'dist/api/apps/api/src/main.openapi.js';
export const OPENAPI_FILE = 'dist/openapi/openapi.json';

if (!existsSync(path.join(ROOT, ENTRY))) {
  console.error(`${ENTRY} is missing: build the API first (npx nx run api:build).`);
  process.exit(1);
}
// No telemetry or update check from CI (both would reach the network).
const env = { ...loadEnv(), REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
await runOrExit(process.execPath, [ENTRY, OPENAPI_FILE], { env });
await runOrExit('npx', ['redocly', 'lint', OPENAPI_FILE, '--config', 'redocly.yaml'], { env });

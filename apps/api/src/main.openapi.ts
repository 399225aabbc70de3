import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ConfigValidationError, loadConfig } from './config/app-config';
import { createOpenApiDocument } from './create-openapi-document';

/**
 * Writes the OpenAPI document (as /api/docs-json serves it) to a file, or to standard output, without a running server:
 * `node dist/api/apps/api/src/main.openapi.js dist/openapi/openapi.json` (`npm run lint:openapi` lints it).
 */
async function main(out: string | undefined): Promise<void> {
  const json = `${JSON.stringify(await createOpenApiDocument(loadConfig(process.env, 'cli')), null, 2)}\n`;
  if (!out) {
    process.stdout.write(json);
    return;
  }
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, json);
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof ConfigValidationError ? error.message : error);
  process.exit(1);
});

import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { AppModule } from './app.module';
import { ConfigValidationError, loadConfig } from './config/app-config';
import { buildOpenApiDocument } from './common/http/openapi-document';
import { API_PREFIX } from './create-api-app';

/**
 * Writes the OpenAPI document that /api/docs-json serves to a file (or standard output) without a running server:
 * `node dist/api/apps/api/src/main.openapi.js dist/openapi.json`. Preview mode reads the controllers' decorators
 * without constructing providers, so neither the database nor Redis is needed.
 */
async function main(out: string | undefined): Promise<void> {
  const config = loadConfig(process.env, 'cli');
  const app = await NestFactory.create(AppModule.forRoot(config), new FastifyAdapter(), { preview: true, logger: false });
  app.setGlobalPrefix(API_PREFIX);
  const json = `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`;
  if (out) writeFileSync(out, json);
  else process.stdout.write(json);
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof ConfigValidationError ? error.message : error);
  process.exit(1);
});

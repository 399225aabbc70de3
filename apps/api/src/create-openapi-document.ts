import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { buildOpenApiDocument } from './common/http/openapi-document';
import { API_PREFIX } from './create-api-app';

/**
 * The document /api/docs-json serves, without a server: preview mode reads the controllers' decorators without
 * constructing providers, so neither the database nor Redis is needed (main.openapi.ts, the OpenAPI lint test).
 */
export async function createOpenApiDocument(config: AppConfig): Promise<OpenAPIObject> {
  const app = await NestFactory.create(AppModule.forRoot(config), new FastifyAdapter(), { preview: true, logger: false });
  app.setGlobalPrefix(API_PREFIX);
  return buildOpenApiDocument(app);
}

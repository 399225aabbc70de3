import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ApiErrorDto } from './api-error.dto';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The published OpenAPI document (/api/docs-json), built from the controllers' decorators. `npm test` lints it with
 * `@redocly/cli` (redocly.yaml). The web, the API and the docs share one origin, hence the server '/'.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Cancer Q&A API')
      .setDescription('Every route declares who may call it (x-access). Errors are { statusCode, error, message }.')
      .setVersion('1')
      .addServer('/', 'The origin this document is served from (API, web and docs share it).')
      .addBearerAuth()
      .build(),
    { extraModels: [ApiErrorDto] },
  );
  declareAccess(document);
  return document;
}

/**
 * The access rule (x-access, set by @Public / @Roles / @DevOnly) decides the security and the refusals, so they are
 * written once here: a public route needs no credentials (security: []); any other answers 401 without a valid
 * access token and 403 to a role it does not name (the route-access integration test proves both), unless the
 * handler declares those responses itself.
 */
export function declareAccess(document: OpenAPIObject): void {
  const error = { content: { 'application/json': { schema: { $ref: getSchemaPath(ApiErrorDto) } } } };
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      const access = (operation as { 'x-access'?: string } | undefined)?.['x-access'];
      if (!operation || !access) continue;
      if (access === 'public') {
        operation.security = [];
        continue;
      }
      operation.responses['401'] ??= { description: 'No valid access token: sign in (or refresh the session).', ...error };
      operation.responses['403'] ??= { description: `Refused: only ${access} may call this route.`, ...error };
    }
  }
}

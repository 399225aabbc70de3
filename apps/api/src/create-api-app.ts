import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { createValidationPipe } from './common/errors/validation';
import { loggerOptions } from './common/logging/logger-options';
import { NestPinoLogger } from './common/logging/nest-pino-logger';
import { lazyRequestLogger } from './common/logging/request-logger';
import { registerApiNoStore, registerSecurityHeaders } from './common/security/security-headers';
import { QUEUES_PASS_COOKIE } from '@cqa/contracts';
import { SessionService } from './modules/auth/session.service';
import { pageSessionRestorer } from './modules/auth/page-session';
import { AuthThrottle, registerAuthThrottleHook } from './modules/auth/auth-throttle.service';
import { registerCrossSiteGuard } from './common/access/cross-site';
import { JSON_BODY_LIMITS, registerJsonBodyGuards } from './common/http/json-body';
import { registerFormBodies } from './common/http/form-body';
import { registerCompression } from './common/http/compression';
import { mountBullBoard } from './queues/bull-board';
import { JobQueue } from './queues/job-queue.service';
import { RedisClient } from './queues/redis-client.provider';
import { serveWeb } from './web/web-static';
import { pageDataLoader } from './web/page-data';
import { QuestionsController } from './modules/questions/questions.controller';
import { questionsPageLoaders } from './modules/questions/questions.page-data';
import { QuestionDetailController } from './modules/answers/views/question-detail.controller';
import { questionDetailPageLoaders } from './modules/answers/views/question-detail.page-data';
import { AiAnswersController } from './modules/answers/ai/ai-answers.controller';
import { aiAnswersPageLoaders } from './modules/answers/ai/ai-answers.page-data';
import { randomUUID } from 'node:crypto';
import { requestIdFrom } from './common/context/request-context';
import { registerCloseOnEarlyRefusal, registerHttpMetrics, registerRequestTracing } from './common/http/request-hooks';
import { enableDefaultMetrics } from './common/metrics/metrics';
import { startMetricsServer } from './common/metrics/metrics-server';
import { MULTIPART_OPTIONS } from './modules/reports/upload/multipart-options';
import { buildOpenApiDocument } from './common/http/openapi-document';

export const API_PREFIX = 'api';

export interface ApiApp {
  app: NestFastifyApplication;
  openApi: OpenAPIObject;
}

/** Builds the whole HTTP application (API, docs, Bull Board, web) ready to listen; used by main.ts and the tests. */
export async function createApiApp(config: AppConfig): Promise<ApiApp> {
  const logger = pino(loggerOptions(config, 'api'));
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // proxy-addr takes a hop count too, which Fastify's types leave out.
    trustProxy: config.trustProxy as boolean | string | string[],
    bodyLimit: JSON_BODY_LIMITS.maxBytes,
    // A sane X-Request-Id from the client is kept (a proxy's, say); anything else gets a new one.
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => requestIdFrom(req.headers['x-request-id'], randomUUID),
    // The whole request (headers and body) must arrive within this; uploads also have an idle limit of their own.
    requestTimeout: config.ops.requestTimeoutMs,
    // request.log: the pino child with the request id, made only when something is logged (see lazyRequestLogger).
    childLoggerFactory: (parent: FastifyBaseLogger, bindings: pino.Bindings, options: pino.ChildLoggerOptions) => lazyRequestLogger(parent as pino.Logger, bindings, options),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new NestPinoLogger(logger),
    bufferLogs: true,
    // Our own JSON parser (registerJsonBodyGuards) only; no urlencoded bodies, which no client of ours sends.
    bodyParser: false,
  });
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());

  const fastify = app.getHttpAdapter().getInstance();
  registerRequestTracing(fastify);
  registerHttpMetrics(fastify);
  registerCloseOnEarlyRefusal(fastify);
  // Order matters: the per-IP auth throttle and the size check run on request, before any body is read.
  registerAuthThrottleHook(fastify, app.get(AuthThrottle));
  registerCrossSiteGuard(fastify, config.allowedOrigins);
  registerJsonBodyGuards(fastify);
  registerFormBodies(fastify);
  await registerSecurityHeaders(fastify, config.isProduction);
  registerApiNoStore(fastify, API_PREFIX);
  await registerCompression(fastify);
  await fastify.register(fastifyCookie);
  // Multipart bodies are streamed by the one handler that reads them (POST /api/upload), never buffered.
  await fastify.register(fastifyMultipart, MULTIPART_OPTIONS);
  if (config.twoFactor.encryptionKeyIsDevDefault) {
    logger.warn('TWO_FACTOR_ENCRYPTION_KEY is not set: authenticator secrets are sealed with the public development key (never in production).');
  }
  if (config.jwtSecretGenerated) {
    logger.warn('JWT_SECRET is not set: signing access tokens with a random secret made for this process (set it to share sessions between replicas and restarts).');
  }

  const openApi = buildOpenApiDocument(app);
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, openApi, { jsonDocumentUrl: `${API_PREFIX}/docs-json`, yamlDocumentUrl: `${API_PREFIX}/docs-yaml` });

  const sessions = app.get(SessionService);
  await mountBullBoard(fastify, app.get(JobQueue).allQueues(), (request) => sessions.verifyQueuesPass(request.cookies?.[QUEUES_PASS_COOKIE.name]), {
    fullControl: config.boardFullControl,
  });
  const pageFallback = await serveWeb(fastify, config.webDistDir, {
    restoreSession: pageSessionRestorer(sessions, config, app.get(RedisClient)),
    loadPageData: pageDataLoader({
      ...questionsPageLoaders(app.get(QuestionsController)),
      ...questionDetailPageLoaders(app.get(QuestionDetailController)),
      ...aiAnswersPageLoaders(app.get(AiAnswersController)),
    }),
    rendering: config.pageRendering,
    log: logger,
  });
  if (!pageFallback) logger.warn({ webDistDir: config.webDistDir }, 'The web app is not built; serving the API only.');
  app.useGlobalFilters(new ApiExceptionFilter(pageFallback));

  await app.init();
  enableDefaultMetrics();
  if (config.ops.metricsPort !== null) {
    const metrics = await startMetricsServer(config.ops.metricsPort, config.ops.metricsHost);
    fastify.addHook('onClose', () => metrics.close());
    logger.info(`Metrics on http://${config.ops.metricsHost}:${metrics.port}/metrics`);
  }
  return { app, openApi };
}

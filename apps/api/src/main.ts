import 'reflect-metadata';
import { ConfigValidationError, loadConfig } from './config/app-config';
import { drainOnSignals } from './common/http/drain-on-signals';
import { createApiApp } from './create-api-app';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const { app } = await createApiApp(config);
  const fastify = app.getHttpAdapter().getInstance();
  // Before listen (it adds a hook). The drain fits in the pods' termination grace (k8s/base/api-deployment.yaml: 30 s,
  // after a 5 s preStop).
  drainOnSignals(app, fastify, { settleMs: 1_000, timeoutMs: 20_000, log: fastify.log });
  await app.listen({ port: config.port, host: config.host });
  fastify.log.info(`API listening on http://${config.host}:${config.port}`);
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigValidationError) console.error(error.message);
  else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port ${process.env.PORT ?? 8080} is already in use: stop the other process or set PORT to a free port.`);
  } else console.error(error);
  process.exit(1);
});

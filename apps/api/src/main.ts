import 'reflect-metadata';
import { ConfigValidationError, loadConfig } from './config/app-config';
import { createApiApp } from './create-api-app';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const { app } = await createApiApp(config);
  await app.listen({ port: config.port, host: config.host });
  app.getHttpAdapter().getInstance().log.info(`API listening on http://${config.host}:${config.port}`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof ConfigValidationError ? error.message : error);
  process.exit(1);
});

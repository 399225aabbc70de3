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
  if (error instanceof ConfigValidationError) console.error(error.message);
  else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port ${process.env.PORT ?? 8080} is already in use: stop the other process or set PORT to a free port.`);
  } else console.error(error);
  process.exit(1);
});

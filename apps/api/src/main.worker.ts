import 'reflect-metadata';
import { ConfigValidationError, loadConfig } from './config/app-config';
import { createWorker } from './worker/create-worker';

createWorker(loadConfig(process.env, 'worker')).catch((error: unknown) => {
  console.error(error instanceof ConfigValidationError ? error.message : error);
  process.exit(1);
});

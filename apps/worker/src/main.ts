import 'reflect-metadata';
import { ConfigValidationError, loadConfig } from '@cqa/api/config/app-config';
import { createWorker } from './create-worker';

createWorker(loadConfig(process.env, 'worker')).catch((error: unknown) => {
  console.error(error instanceof ConfigValidationError ? error.message : error);
  process.exit(1);
});

import { integrationEnvironment } from './integration-env';
import { migrate } from '../src/database/database-admin';

export default async function globalSetup(): Promise<void> {
  Object.assign(process.env, integrationEnvironment());
  await migrate(process.env.DATABASE_URL!);
}

import { loadConfig, ConfigValidationError, redactUrl } from '../config/app-config';
import { migrate, revertLast, withDataSource } from './database-admin';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from './seed/demo-accounts';

const USAGE = 'usage: cli.js migrate | revert | seed';

/** `npm run db:migrate`, `npm run db:revert`, `npm run db:seed`. */
async function main(command: string | undefined): Promise<void> {
  const config = loadConfig();
  const where = redactUrl(config.databaseUrl);
  switch (command) {
    case 'migrate': {
      const applied = await migrate(config.databaseUrl);
      console.log(applied.length ? `Applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}` : `Database ${where} is up to date.`);
      return;
    }
    case 'revert': {
      const undone = await revertLast(config.databaseUrl);
      console.log(undone ? `Reverted the latest migration on ${where}.` : `No migration to revert on ${where}.`);
      return;
    }
    case 'seed': {
      if (config.isProduction) {
        console.log('NODE_ENV is production: demo accounts are not seeded.');
        return;
      }
      const created = await withDataSource(config.databaseUrl, seedDemoAccounts);
      console.log(created.length ? `Seeded demo accounts: ${created.join(', ')}` : 'Demo accounts already present.');
      console.log(`Demo sign-ins (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.role} ${a.email}`).join(', ')}`);
      return;
    }
    default:
      console.error(USAGE);
      process.exitCode = 2;
  }
}

main(process.argv[2]).catch((error: unknown) => {
  if (error instanceof ConfigValidationError) console.error(error.message);
  else console.error(`Database command failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});

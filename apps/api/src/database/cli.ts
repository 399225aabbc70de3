import { loadConfig, ConfigValidationError, redactUrl } from '../config/app-config';
import { migrate, revertLast, withDataSource } from './database-admin';
import { parseArgs } from 'node:util';
import { adminInputProblems, createAdmin, NewAdmin } from './create-admin';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from './seed/demo-accounts';
import { seedDemoQuestions } from './seed/demo-questions';

const USAGE = 'usage: cli.js migrate | revert | seed | create-admin --email E --first-name F --last-name L (password from ADMIN_PASSWORD or standard input)';

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password for the new admin (input is shown), then Enter: ');
  let data = '';
  for await (const chunk of process.stdin) {
    data += String(chunk);
    if (process.stdin.isTTY && data.includes('\n')) break;
  }
  return data.split(/\r?\n/)[0] ?? '';
}

/** `npm run db:migrate`, `npm run db:revert`, `npm run db:seed`, `npm run admin:create -- --email ...`. */
async function main(command: string | undefined): Promise<void> {
  const config = loadConfig(process.env, 'cli');
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
      const questions = await withDataSource(config.databaseUrl, seedDemoQuestions);
      if (questions > 0) console.log(`Seeded ${questions} demo question(s) with answers.`);
      // Admins and experts must have a second factor by default: a newcomer is told before the login page asks for it.
      const enrol = DEMO_ACCOUNTS.map((a) => a.role).filter((role) => role === 'admin' ? config.twoFactor.requiredForAdmins : role === 'expert' && config.twoFactor.requiredForExperts);
      const enrolNote = enrol.length ? `; the ${enrol.join(' and ')} set up an authenticator app at the first sign-in` : '';
      console.log(`Demo sign-ins (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.role} ${a.email}`).join(', ')}${enrolNote}`);
      return;
    }
    case 'create-admin': {
      const { values } = parseArgs({
        args: process.argv.slice(3),
        options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
      });
      const password = process.env.ADMIN_PASSWORD || (await readStdin());
      const input = { email: values.email, firstName: values['first-name'], lastName: values['last-name'], password };
      const problems = adminInputProblems(input);
      if (problems.length > 0) {
        console.error(`${problems.join('\n')}\n${USAGE}`);
        process.exitCode = 2;
        return;
      }
      await withDataSource(config.databaseUrl, (ds) => createAdmin(ds, input as NewAdmin));
      console.log(`Created the admin ${input.email}: approved and verified; sign in at /admin/login.`);
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

import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * One throwaway database, Redis prefix and mail folder per Playwright run. The config module is evaluated by the
 * runner and again by each worker; the runner sets the id first and the workers inherit it through the environment.
 */
export function e2eRun() {
  process.env.E2E_RUN_ID ??= `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const id = process.env.E2E_RUN_ID;
  const database = new URL(process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/cqa');
  database.pathname = `/cqa_e2e_${id}`;
  const port = Number(process.env.E2E_PORT ?? 8181);
  // serve.mjs serves the link-import demo pages here; FETCH_ALLOW_HOSTS lets the importer reach them (never in production).
  const pagesPort = Number(process.env.E2E_PAGES_PORT ?? port + 10);
  const pagesOrigin = `http://127.0.0.1:${pagesPort}`;
  const mailDir = path.join(tmpdir(), `cqa_e2e_mail_${id}`);
  const reportsDir = path.join(tmpdir(), `cqa_e2e_reports_${id}`);
  return {
    port,
    pagesPort,
    pagesOrigin,
    mailDir,
    reportsDir,
    env: {
      NODE_ENV: 'test',
      DATABASE_URL: database.toString(),
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `cqa_e2e_${id}`,
      LOG_LEVEL: 'warn',
      // Links in emails lead back to this run's server.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // serve.mjs starts an SMTP sink that writes each message here as JSON.
      E2E_MAIL_DIR: mailDir,
      // Uploaded medical reports of this run (local storage), removed at teardown.
      REPORTS_DIR: reportsDir,
      // Every journey signs in; one client IP makes them all, so the per-IP limit is raised (the per-account one stays).
      AUTH_RATE_LIMIT_PER_IP: '1000',
      // The page server's renderer warms up after start and renders slowly on a loaded 2-core machine; past the limit a
      // page goes out as the plain app, which the journeys that check the server-rendered HTML must not get by chance.
      PAGE_RENDER_TIMEOUT_MS: '5000',
      // Every journey's page loads come from one address (loopback).
      PAGE_RESTORES_PER_MINUTE_PER_IP: '100000',
      PAGE_RESTORES_PER_MINUTE_PER_SESSION: '1000',
      // The demo accounts sign in from many journeys (and again on a CI retry); the limit itself is covered by integration tests.
      AUTH_RATE_LIMIT_PER_ACCOUNT: '200',
      // The other journeys sign the demo admin in with a password alone; the two-factor journey enrols its own admin from
      // the Security page. Required-for-admins (the default) is covered by the integration tests and the web unit tests.
      TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false',
      // Likewise the demo expert (required by default too; covered by two-factor-experts.integration-spec.ts). A TOTP code
      // works once per 30 s step, so parallel journeys could not all sign the one demo expert in with codes.
      TWO_FACTOR_REQUIRED_FOR_EXPERTS: 'false',
      E2E_PAGES_PORT: String(pagesPort),
      FETCH_ALLOW_HOSTS: `127.0.0.1:${pagesPort}`,
      REDDIT_BASE_URL: pagesOrigin,
      FETCH_HOST_DELAY_MS: '0',
      // Answer e-mails batch answers over a quiet period (10 minutes by default); the journey waits seconds, not minutes.
      ANSWER_MAIL_QUIET_SECONDS: '2',
      MAIL_RELAY_INTERVAL_MS: '1000',
      // Delete my account (issue 44): no grace period, and the erasure sweep every few seconds, so the account journey sees
      // the erasure happen (the grace period and the sweep's schedule are covered by the integration tests).
      ACCOUNT_DELETION_GRACE_DAYS: '0',
      ACCOUNT_ERASURE_SWEEP_CRON: '*/3 * * * * *',
    },
  };
}

import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AiAnswerSettings, AiConfig, LiteratureConfig, loadAiAnswerSettings, loadAiConfig, loadLiteratureConfig } from './ai-config';
import { ENV_VARIABLES, EnvName } from './env.definition';
import { loadTwoFactorConfig, TwoFactorConfig } from './two-factor-config';

export type NodeEnv = 'development' | 'test' | 'production';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  host: string;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  /** BULL_BOARD_FULL_CONTROL: the job dashboard may add, clean, pause and remove jobs; otherwise it only shows them and retries failures. */
  boardFullControl: boolean;
  webDistDir: string;
  /** The page server (apps/api/src/web/page-server.ts): worker threads rendering signed-in pages (0: none) and their time limit. */
  pageRendering: { workers: number; timeoutMs: number; restoresPerMinute: { perIp: number; perSession: number } };
  logLevel: LogLevel;
  trustProxy: boolean | number | string[];
  workerConcurrency: number;
  jobLockDurationMs: number;
  publicUrl: string;
  jwtSecret: string;
  /** True when JWT_SECRET was unset and a random one was made for this process (never in production). */
  jwtSecretGenerated: boolean;
  accessTokenTtlSeconds: number;
  /** Seconds in which a just-rotated refresh token still gets a successor, from the same client (REFRESH_REUSE_GRACE_SECONDS). */
  refreshReuseGraceSeconds: number;
  /** Session lifetimes (absolute from sign-in, and idle) for patients and for staff (experts, admins). */
  sessions: { patient: SessionLimits; staff: SessionLimits };
  /** Origins allowed to call the cookie-authenticated routes besides a request's own. */
  allowedOrigins: string[];
  /** Null: OpenID Connect sign-in is off. */
  oidc: OidcConfig | null;
  smtpUrl: string | null;
  mailFrom: string;
  authRateLimit: { perIp: number; perAccount: number; windowSeconds: number; challengesPerAccount: number };
  twoFactor: TwoFactorConfig;
  reports: ReportsStorageConfig;
  /** Per-patient report quota and the upload rate limit. */
  reportLimits: { quotaBytes: number; quotaFiles: number; uploadsPerHour: number };
  import: ImportConfig;
  ai: AiConfig;
  aiAnswers: AiAnswerSettings;
  literature: LiteratureConfig;
  research: ResearchConfig;
  ops: OpsConfig;
  notifications: NotificationsConfig;
}

/** Answer e-mails, the expert digest and the unsubscribe link (issue 29.1). */
export interface NotificationsConfig {
  answerMailQuietSeconds: number;
  /** Null: the expert digest is off. */
  expertDigestCron: string | null;
  unsubscribePerIp: number;
}

/** Mail outbox, report sweep, metrics and request time limits (issue 15/17). */
export interface OpsConfig {
  mailMaxAttempts: number;
  mailRetryDelayMs: number;
  mailRelayIntervalMs: number;
  jobRecoveryIntervalMs: number;
  /** Null: the report sweep is off. */
  reportSweepCron: string | null;
  refreshTokenPruneCron: string | null;
  /** "Download my data" (issue 44): archives per account per 24 h, hours a ready one lives, the prune's cron (null: off). */
  accountExports: { perDay: number; ttlHours: number; pruneCron: string | null };
  /** Days from a deletion request to the erasure (issue 44). */
  accountDeletionGraceDays: number;
  /** Null: the erasure sweep is off. */
  accountErasureSweepCron: string | null;
  /** Null: no separate metrics port (metrics only at /api/metrics for admins). */
  metricsPort: number | null;
  metricsHost: string;
  requestTimeoutMs: number;
  uploadIdleTimeoutMs: number;
  /** InnoDB lock wait of a request's transaction before it answers 503 'Please try again' (seconds). */
  dbLockWaitTimeoutS: number;
  /** A request's transaction still waiting after this long logs what blocks it (tables and statement shape only). */
  dbLockWaitLogMs: number;
}

export interface SessionLimits { maxMs: number; idleMs: number }

export interface OidcConfig { issuer: string; clientId: string; clientSecret: string; redirectUri: string }

/** Deep research (issue 14). */
export interface ResearchConfig {
  expertsMayStart: boolean;
  auto: boolean;
  planReview: boolean;
  maxTokens: number;
  maxMinutes: number;
  /** Daily budgets (24 hours from a counter's first use), taken in Redis before the model is called. */
  dailyStartsPerUser: number;
  dailyStartsGlobal: number;
  dailyTokensPerUser: number;
  dailyTokensGlobal: number;
  /** Null: the nightly re-check is off. */
  recheckCron: string | null;
}

/** The link importer (issue 13): safe fetching, politeness, robots.txt and Reddit. */
export interface ImportConfig {
  /** FETCH_ALLOW_HOSTS: `host[:port]` entries let through the address and port checks; never in production. */
  fetchAllowHosts: string[];
  /** FETCH_TIMEOUT_MS: one fetch, connect to last byte. */
  fetchTimeoutMs: number;
  hostDelayMs: number;
  robotsCacheTtlSeconds: number;
  /** IMPORT_PARSE_TIMEOUT_MS: one page or paste parsed and cleaned in the worker thread. */
  parseTimeoutMs: number;
  reddit: {
    baseUrl: string;
    authUrl: string;
    oauthBaseUrl: string;
    /** Null: no app credentials, anonymous access only. */
    credentials: { clientId: string; clientSecret: string } | null;
  };
}

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Null: the AWS default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}
export type ReportsStorageConfig = { driver: 'local'; dir: string } | { driver: 's3'; s3: S3StorageConfig };

/** Which process reads the configuration: only the API signs tokens, so only it needs JWT_SECRET. */
export type ConfigReader = 'api' | 'worker' | 'cli';
const MIN_JWT_SECRET_LENGTH = 32;

export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

/** The repository root, found from this file whether it runs from source or from dist/<app>/apps/api/src/config. */
export const REPO_ROOT = (() => {
  const marker = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}`;
  const at = __dirname.lastIndexOf(marker);
  const appRoot = __dirname.slice(0, at);
  return appRoot.endsWith(`${path.sep}dist${path.sep}api`) || appRoot.endsWith(`${path.sep}dist${path.sep}worker`)
    ? path.resolve(appRoot, '..', '..')
    : appRoot;
})();

/**
 * Reads and validates the environment once, reporting every bad variable together so a misconfigured
 * deployment fails at boot with the whole list rather than one problem per restart.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, reader: ConfigReader = 'api'): AppConfig {
  const problems: string[] = [];
  const raw = (name: EnvName): string => {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return value.trim();
    return ENV_VARIABLES.find((v) => v.name === name)!.default ?? '';
  };
  const oneOf = <T extends string>(name: EnvName, allowed: readonly T[]): T => {
    const value = raw(name);
    if (!(allowed as readonly string[]).includes(value)) problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return value as T;
  };
  const integer = (name: EnvName, min: number, max: number): number => {
    const value = raw(name);
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
    return n;
  };
  const url = (name: EnvName, protocols: string[]): string => {
    const value = raw(name);
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) throw new Error();
      if (parsed.protocol.startsWith('mysql') && parsed.pathname.replace('/', '') === '') {
        problems.push(`${name} must name a database, e.g. mysql://root@127.0.0.1:3306/cqa`);
      }
    } catch {
      problems.push(`${name} must be a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL (got "${redactUrl(value)}")`);
    }
    return value;
  };
  const trustProxy = (): AppConfig['trustProxy'] => {
    const value = raw('TRUST_PROXY');
    if (value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((s) => s.trim()).filter(Boolean);
    if (list.length === 0 || !list.every((s) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(s))) {
      problems.push(`TRUST_PROXY must be false, true, a hop count or a comma-separated list of addresses/CIDRs (got "${value}")`);
    }
    return list;
  };
  const queuePrefix = raw('QUEUE_PREFIX');
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(queuePrefix)) problems.push(`QUEUE_PREFIX must be 1-64 letters, digits, '.', '_' or '-' (got "${queuePrefix}")`);

  const nodeEnv = oneOf('NODE_ENV', ['development', 'test', 'production'] as const);
  const jwtSecretRaw = raw('JWT_SECRET');
  if (jwtSecretRaw !== '' && jwtSecretRaw.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters (got ${jwtSecretRaw.length})`);
  } else if (jwtSecretRaw === '' && nodeEnv === 'production' && reader === 'api') {
    problems.push('JWT_SECRET is required in production (32+ random characters, e.g. `openssl rand -base64 48`)');
  }
  const smtpUrl = raw('SMTP_URL') === '' ? null : url('SMTP_URL', ['smtp:', 'smtps:']);
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:']).replace(/\/+$/, '');
  const reports = reportsStorage(raw, oneOf, url, problems, path.resolve(REPO_ROOT, raw('WEB_DIST_DIR')));
  const importConfig = importSettings(raw, integer, url, problems, nodeEnv);
  const mailFrom = raw('MAIL_FROM');
  if (!/@/.test(mailFrom)) problems.push(`MAIL_FROM must contain an email address (got "${mailFrom}")`);
  const config: AppConfig = {
    nodeEnv,
    isProduction: nodeEnv === 'production',
    host: raw('HOST'),
    port: integer('PORT', 1, 65535),
    databaseUrl: url('DATABASE_URL', ['mysql:', 'mariadb:']),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    queuePrefix,
    boardFullControl: oneOf('BULL_BOARD_FULL_CONTROL', ['true', 'false'] as const) === 'true',
    webDistDir: path.resolve(REPO_ROOT, raw('WEB_DIST_DIR')),
    pageRendering: {
      workers: integer('PAGE_RENDER_WORKERS', 0, 16),
      timeoutMs: integer('PAGE_RENDER_TIMEOUT_MS', 100, 60_000),
      restoresPerMinute: { perIp: integer('PAGE_RESTORES_PER_MINUTE_PER_IP', 1, 100_000), perSession: integer('PAGE_RESTORES_PER_MINUTE_PER_SESSION', 1, 10_000) },
    },
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS),
    trustProxy: trustProxy(),
    workerConcurrency: integer('WORKER_CONCURRENCY', 1, 100),
    jobLockDurationMs: integer('JOB_LOCK_DURATION_MS', 5000, 600000),
    publicUrl,
    jwtSecret: jwtSecretRaw || randomBytes(48).toString('base64url'),
    jwtSecretGenerated: jwtSecretRaw === '',
    accessTokenTtlSeconds: integer('ACCESS_TOKEN_TTL_SECONDS', 30, 24 * 3600),
    refreshReuseGraceSeconds: integer('REFRESH_REUSE_GRACE_SECONDS', 0, 60),
    sessions: {
      patient: { maxMs: integer('SESSION_MAX_DAYS', 1, 365) * DAY_MS, idleMs: integer('SESSION_IDLE_HOURS', 1, 365 * 24) * HOUR_MS },
      staff: { maxMs: integer('STAFF_SESSION_MAX_DAYS', 1, 365) * DAY_MS, idleMs: integer('STAFF_SESSION_IDLE_HOURS', 1, 365 * 24) * HOUR_MS },
    },
    allowedOrigins: allowedOrigins(raw('ALLOWED_ORIGINS'), publicUrl, problems),
    oidc: oidcSettings(raw, url, publicUrl, problems),
    smtpUrl,
    mailFrom,
    authRateLimit: {
      perIp: integer('AUTH_RATE_LIMIT_PER_IP', 1, 1_000_000),
      perAccount: integer('AUTH_RATE_LIMIT_PER_ACCOUNT', 1, 1_000_000),
      windowSeconds: integer('AUTH_RATE_LIMIT_WINDOW_SECONDS', 1, 86400),
      challengesPerAccount: integer('AUTH_RATE_LIMIT_CHALLENGES_PER_ACCOUNT', 1, 1_000_000),
    },
    twoFactor: loadTwoFactorConfig(raw, nodeEnv, reader, problems),
    reports,
    reportLimits: {
      quotaBytes: integer('REPORT_QUOTA_BYTES', 1, Number.MAX_SAFE_INTEGER),
      quotaFiles: integer('REPORT_QUOTA_FILES', 1, 1_000_000),
      uploadsPerHour: integer('REPORT_UPLOADS_PER_HOUR', 1, 1_000_000),
    },
    import: importConfig,
    ai: loadAiConfig(env, problems),
    aiAnswers: loadAiAnswerSettings(env, problems),
    literature: loadLiteratureConfig(env, mailFrom, problems),
    research: {
      expertsMayStart: oneOf('RESEARCH_EXPERTS_MAY_START', ['true', 'false'] as const) === 'true',
      auto: oneOf('RESEARCH_AUTO', ['true', 'false'] as const) === 'true',
      planReview: oneOf('RESEARCH_PLAN_REVIEW', ['true', 'false'] as const) === 'true',
      maxTokens: integer('RESEARCH_MAX_TOKENS', 1, 1_000_000_000),
      maxMinutes: integer('RESEARCH_MAX_MINUTES', 1, 24 * 60),
      dailyStartsPerUser: integer('RESEARCH_DAILY_STARTS_PER_USER', 0, 1_000_000),
      dailyStartsGlobal: integer('RESEARCH_DAILY_STARTS_GLOBAL', 0, 10_000_000),
      dailyTokensPerUser: integer('RESEARCH_DAILY_TOKENS_PER_USER', 0, 1_000_000_000_000),
      dailyTokensGlobal: integer('RESEARCH_DAILY_TOKENS_GLOBAL', 0, 1_000_000_000_000),
      recheckCron: researchCron(env.RESEARCH_RECHECK_CRON, problems),
    },
    ops: {
      mailMaxAttempts: integer('MAIL_MAX_ATTEMPTS', 1, 50),
      mailRetryDelayMs: integer('MAIL_RETRY_DELAY_MS', 100, 3_600_000),
      mailRelayIntervalMs: integer('MAIL_RELAY_INTERVAL_MS', 200, 600_000),
      jobRecoveryIntervalMs: integer('JOB_RECOVERY_INTERVAL_MS', 0, 3_600_000),
      reportSweepCron: cronOrOff('REPORT_SWEEP_CRON', env.REPORT_SWEEP_CRON, problems),
      refreshTokenPruneCron: cronOrOff('REFRESH_TOKEN_PRUNE_CRON', env.REFRESH_TOKEN_PRUNE_CRON, problems),
      accountExports: {
        perDay: integer('ACCOUNT_EXPORTS_PER_DAY', 1, 1000),
        ttlHours: integer('ACCOUNT_EXPORT_TTL_HOURS', 1, 24 * 30),
        pruneCron: cronOrOff('ACCOUNT_EXPORT_PRUNE_CRON', env.ACCOUNT_EXPORT_PRUNE_CRON, problems),
      },
      accountDeletionGraceDays: integer('ACCOUNT_DELETION_GRACE_DAYS', 0, 365),
      accountErasureSweepCron: cronOrOff('ACCOUNT_ERASURE_SWEEP_CRON', env.ACCOUNT_ERASURE_SWEEP_CRON, problems),
      metricsPort: raw('METRICS_PORT') === '' ? null : integer('METRICS_PORT', 0, 65535),
      metricsHost: raw('METRICS_HOST'),
      requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 1000, 3_600_000),
      uploadIdleTimeoutMs: integer('UPLOAD_IDLE_TIMEOUT_MS', 500, 600_000),
      dbLockWaitTimeoutS: integer('DB_LOCK_WAIT_TIMEOUT_S', 1, 3600),
      dbLockWaitLogMs: integer('DB_LOCK_WAIT_LOG_MS', 50, 3_600_000),
    },
    notifications: {
      answerMailQuietSeconds: integer('ANSWER_MAIL_QUIET_SECONDS', 1, 7 * 24 * 3600),
      expertDigestCron: cronOrOff('EXPERT_DIGEST_CRON', env.EXPERT_DIGEST_CRON, problems),
      unsubscribePerIp: integer('UNSUBSCRIBE_RATE_LIMIT_PER_IP', 1, 1_000_000),
    },
  };
  if (problems.length > 0) throw new ConfigValidationError(problems);
  return config;
}

/** REPORTS_*: a local folder kept out of the served web, or an S3-compatible bucket. */
function reportsStorage(
  raw: (name: EnvName) => string,
  oneOf: <T extends string>(name: EnvName, allowed: readonly T[]) => T,
  url: (name: EnvName, protocols: string[]) => string,
  problems: string[],
  webDistDir: string,
): ReportsStorageConfig {
  const driver = oneOf('REPORTS_STORAGE', ['local', 's3'] as const);
  if (driver !== 's3') {
    const dir = path.resolve(REPO_ROOT, raw('REPORTS_DIR'));
    const relative = path.relative(webDistDir, dir);
    if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
      problems.push(`REPORTS_DIR must not be inside WEB_DIST_DIR, which is served to everyone (got "${raw('REPORTS_DIR')}")`);
    }
    return { driver: 'local', dir };
  }
  const bucket = raw('REPORTS_S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(`REPORTS_S3_BUCKET must name a bucket (3-63 lower-case letters, digits, '.' or '-') when REPORTS_STORAGE=s3 (got "${bucket}")`);
  }
  const endpoint = raw('REPORTS_S3_ENDPOINT') === '' ? null : url('REPORTS_S3_ENDPOINT', ['http:', 'https:']);
  const forcePathStyle = oneOf('REPORTS_S3_FORCE_PATH_STYLE', ['true', 'false'] as const) === 'true';
  const accessKeyId = raw('REPORTS_S3_ACCESS_KEY_ID');
  const secretAccessKey = raw('REPORTS_S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    problems.push('REPORTS_S3_ACCESS_KEY_ID and REPORTS_S3_SECRET_ACCESS_KEY must be set together (or both left unset for the default credential chain)');
  }
  return {
    driver: 's3',
    s3: {
      bucket,
      region: raw('REPORTS_S3_REGION'),
      endpoint,
      forcePathStyle,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    },
  };
}

/** FETCH_*, ROBOTS_* and REDDIT_*: the allow-list escape hatch is refused in production. */
function importSettings(
  raw: (name: EnvName) => string,
  integer: (name: EnvName, min: number, max: number) => number,
  url: (name: EnvName, protocols: string[]) => string,
  problems: string[],
  nodeEnv: NodeEnv,
): ImportConfig {
  const fetchAllowHosts = raw('FETCH_ALLOW_HOSTS').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (fetchAllowHosts.length > 0 && nodeEnv === 'production') {
    problems.push('FETCH_ALLOW_HOSTS must not be set in production: it lets the link importer reach private addresses');
  }
  const badHost = fetchAllowHosts.find((h) => !/^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/.test(h));
  if (badHost) problems.push(`FETCH_ALLOW_HOSTS must be a comma-separated list of host[:port] (got "${badHost}")`);
  const clientId = raw('REDDIT_CLIENT_ID');
  const clientSecret = raw('REDDIT_CLIENT_SECRET');
  if ((clientId === '') !== (clientSecret === '')) problems.push('REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET must be set together');
  const base = (name: EnvName) => url(name, ['http:', 'https:']).replace(/\/+$/, '');
  return {
    fetchAllowHosts,
    fetchTimeoutMs: integer('FETCH_TIMEOUT_MS', 100, 20000),
    hostDelayMs: integer('FETCH_HOST_DELAY_MS', 0, 600000),
    robotsCacheTtlSeconds: integer('ROBOTS_CACHE_TTL_SECONDS', 60, 86400),
    parseTimeoutMs: integer('IMPORT_PARSE_TIMEOUT_MS', 1, 120000),
    reddit: {
      baseUrl: base('REDDIT_BASE_URL'),
      authUrl: base('REDDIT_AUTH_BASE_URL'),
      oauthBaseUrl: base('REDDIT_OAUTH_BASE_URL'),
      credentials: clientId && clientSecret ? { clientId, clientSecret } : null,
    },
  };
}

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

function allowedOrigins(value: string, publicUrl: string, problems: string[]): string[] {
  const list = value.split(',').map((s) => s.trim()).filter(Boolean);
  const origins: string[] = [];
  for (const entry of list.length > 0 ? list : [publicUrl]) {
    try {
      const parsed = new URL(entry);
      if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error();
      origins.push(parsed.origin);
    } catch {
      if (list.length > 0) problems.push(`ALLOWED_ORIGINS must be a comma-separated list of http(s) origins (got "${entry}")`);
    }
  }
  return origins;
}

/** OIDC_*: all three or none. */
function oidcSettings(
  raw: (name: EnvName) => string,
  url: (name: EnvName, protocols: string[]) => string,
  publicUrl: string,
  problems: string[],
): OidcConfig | null {
  const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const set = names.filter((n) => raw(n) !== '');
  if (set.length === 0) return null;
  if (set.length < names.length) {
    problems.push(`OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (missing ${names.filter((n) => !set.includes(n)).join(', ')})`);
    return null;
  }
  return {
    issuer: url('OIDC_ISSUER', ['http:', 'https:']), clientId: raw('OIDC_CLIENT_ID'), clientSecret: raw('OIDC_CLIENT_SECRET'),
    redirectUri: `${publicUrl}/api/auth/oidc/callback`,
  };
}

/** Hides the password of a connection URL before it is printed. */
export function redactUrl(value: string): string {
  try {
    const parsed = new URL(value);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return value.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  }
}

/** Unset: the default; set but empty: off. Five or six fields. */
function cronOrOff(name: EnvName, value: string | undefined, problems: string[]): string | null {
  const cron = value === undefined ? ENV_VARIABLES.find((v) => v.name === name)!.default! : value.trim();
  if (cron === '') return null;
  if (!/^(\S+\s+){4,5}\S+$/.test(cron)) problems.push(`${name} must be a cron expression of 5 or 6 fields, or empty (got "${cron}")`);
  return cron;
}

function researchCron(value: string | undefined, problems: string[]): string | null {
  const cron = value === undefined ? ENV_VARIABLES.find((v) => v.name === 'RESEARCH_RECHECK_CRON')!.default! : value.trim();
  if (cron === '') return null;
  if (!/^(\S+\s+){4,5}\S+$/.test(cron)) problems.push(`RESEARCH_RECHECK_CRON must be a cron expression of 5 or 6 fields, or empty (got "${cron}")`);
  return cron;
}

import path from 'node:path';
import { ConfigValidationError, loadConfig, redactUrl, REPO_ROOT } from './app-config';
import { ENV_VARIABLES } from './env.definition';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      databaseUrl: 'mysql://root@127.0.0.1:3306/cqa',
      redisUrl: 'redis://127.0.0.1:6379',
      queuePrefix: 'cqa',
      trustProxy: false,
      jobLockDurationMs: 30000,
    });
    expect(config.webDistDir).toBe(path.join(REPO_ROOT, 'dist/web'));
  });

  it('lists every bad variable at once', () => {
    let error: ConfigValidationError | undefined;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'postgres://x/y', REDIS_URL: 'nope', NODE_ENV: 'staging', TRUST_PROXY: 'maybe' });
    } catch (e) {
      error = e as ConfigValidationError;
    }
    expect(error).toBeInstanceOf(ConfigValidationError);
    const names = error!.problems.map((p) => p.split(' ')[0]);
    expect(names).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'TRUST_PROXY']));
    expect(error!.message).toContain('Invalid configuration');
  });

  it('requires a database name and never prints a password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root@127.0.0.1:3306' })).toThrow(/must name a database/);
    expect(redactUrl('mysql://app:s3cret@db:3306/cqa')).toBe('mysql://app:***@db:3306/cqa');
  });

  it('reads a trusted proxy list', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('documents each variable once', () => {
    const names = ENV_VARIABLES.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('loadConfig: accounts settings', () => {
  it('requires JWT_SECRET for the API in production only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required in production/);
    expect(loadConfig({ NODE_ENV: 'production' }, 'worker').jwtSecretGenerated).toBe(true);
    const dev = loadConfig({});
    expect(dev.jwtSecretGenerated).toBe(true);
    expect(dev.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}).jwtSecret).not.toBe(dev.jwtSecret);
  });

  it('requires two-factor for admins and experts by default, and TWO_FACTOR_ENCRYPTION_KEY in production only', () => {
    const dev = loadConfig({});
    expect(dev.twoFactor).toMatchObject({ requiredForAdmins: true, requiredForExperts: true, encryptionKeyIsDevDefault: true });
    expect(loadConfig({ TWO_FACTOR_REQUIRED_FOR_EXPERTS: 'false' }).twoFactor).toMatchObject({ requiredForAdmins: true, requiredForExperts: false });
    expect(() => loadConfig({ TWO_FACTOR_REQUIRED_FOR_EXPERTS: '1' })).toThrow(/TWO_FACTOR_REQUIRED_FOR_EXPERTS must be one of/);
    expect(dev.twoFactor.encryptionKey).toHaveLength(32);
    expect(loadConfig({}).twoFactor.encryptionKey).toEqual(dev.twoFactor.encryptionKey);
    expect(loadConfig({ TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false' }).twoFactor.requiredForAdmins).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/TWO_FACTOR_ENCRYPTION_KEY is required in production/);
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ TWO_FACTOR_ENCRYPTION_KEY: key.toString('base64') }).twoFactor.encryptionKey).toEqual(key);
    expect(loadConfig({ TWO_FACTOR_ENCRYPTION_KEY: key.toString('hex') }).twoFactor).toMatchObject({ encryptionKey: key, encryptionKeyIsDevDefault: false });
    expect(() => loadConfig({ TWO_FACTOR_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/TWO_FACTOR_ENCRYPTION_KEY must be 32 bytes/);
    expect(() => loadConfig({ TWO_FACTOR_REQUIRED_FOR_ADMINS: 'yes' })).toThrow(/TWO_FACTOR_REQUIRED_FOR_ADMINS must be one of/);
  });

  it('refuses a short JWT_SECRET and a non-SMTP mail URL', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must be a smtp:\/\/ or smtps:\/\/ URL/);
  });

  it('reads the mail, token and rate-limit settings', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://qa.example.org/', AUTH_RATE_LIMIT_PER_IP: '7' });
    expect(config).toMatchObject({
      jwtSecret: 'x'.repeat(40), jwtSecretGenerated: false, smtpUrl: 'smtp://127.0.0.1:2525', publicUrl: 'https://qa.example.org',
      accessTokenTtlSeconds: 900, authRateLimit: { perIp: 7, perAccount: 10, windowSeconds: 900 },
      sessions: { patient: { maxMs: 30 * 86400_000, idleMs: 7 * 86400_000 }, staff: { maxMs: 7 * 86400_000, idleMs: 12 * 3600_000 } },
      allowedOrigins: ['https://qa.example.org'], oidc: null,
    });
    expect(loadConfig({}).smtpUrl).toBeNull();
  });

  it('reads the allowed origins and the OpenID Connect settings, all three or none', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, http://b.example:8080/' }).allowedOrigins).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'ftp://x' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://idp.example' })).toThrow(/must be set together \(missing OIDC_CLIENT_ID, OIDC_CLIENT_SECRET\)/);
    expect(loadConfig({ OIDC_ISSUER: 'https://idp.example', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's', PUBLIC_URL: 'https://qa.example' }).oidc).toEqual({
      issuer: 'https://idp.example', clientId: 'c', clientSecret: 's', redirectUri: 'https://qa.example/api/auth/oidc/callback',
    });
  });
});

import { loadConfig } from '../../config/app-config';

describe('import settings', () => {
  it('uses the documented defaults', () => {
    expect(loadConfig({}).import).toEqual({
      fetchAllowHosts: [],
      fetchTimeoutMs: 20000,
      hostDelayMs: 1000,
      robotsCacheTtlSeconds: 86400,
      parseTimeoutMs: 10000,
      reddit: { baseUrl: 'https://www.reddit.com', authUrl: 'https://www.reddit.com/api/v1/access_token', oauthBaseUrl: 'https://oauth.reddit.com', credentials: null },
    });
  });

  it('reads IMPORT_PARSE_TIMEOUT_MS and refuses nonsense', () => {
    expect(loadConfig({ IMPORT_PARSE_TIMEOUT_MS: '2500' }).import.parseTimeoutMs).toBe(2500);
    expect(() => loadConfig({ IMPORT_PARSE_TIMEOUT_MS: '0' })).toThrow(/IMPORT_PARSE_TIMEOUT_MS/);
  });

  it('reads FETCH_ALLOW_HOSTS outside production', () => {
    expect(loadConfig({ NODE_ENV: 'test', FETCH_ALLOW_HOSTS: '127.0.0.1:4599, Localhost:8081' }).import.fetchAllowHosts).toEqual(['127.0.0.1:4599', 'localhost:8081']);
  });

  it('refuses to boot in production with FETCH_ALLOW_HOSTS set', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), TWO_FACTOR_ENCRYPTION_KEY: '0123456789abcdef'.repeat(4) };
    expect(loadConfig(production).import.fetchAllowHosts).toEqual([]);
    expect(() => loadConfig({ ...production, FETCH_ALLOW_HOSTS: '127.0.0.1:4599' })).toThrow(/FETCH_ALLOW_HOSTS must not be set in production/);
    expect(() => loadConfig({ ...production, FETCH_ALLOW_HOSTS: '127.0.0.1:4599' }, 'worker')).toThrow(/FETCH_ALLOW_HOSTS must not be set in production/);
  });

  it('refuses a malformed allow list and half the Reddit credentials', () => {
    expect(() => loadConfig({ FETCH_ALLOW_HOSTS: 'http://127.0.0.1:4599/' })).toThrow(/FETCH_ALLOW_HOSTS must be a comma-separated list/);
    expect(() => loadConfig({ REDDIT_CLIENT_ID: 'id' })).toThrow(/REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET must be set together/);
    expect(loadConfig({ REDDIT_CLIENT_ID: 'id', REDDIT_CLIENT_SECRET: 'secret' }).import.reddit.credentials).toEqual({ clientId: 'id', clientSecret: 'secret' });
  });
});

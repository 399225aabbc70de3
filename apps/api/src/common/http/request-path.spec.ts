import { decodedPath } from './request-path';

describe('decodedPath (what guards compare, as the router routes it)', () => {
  it.each([
    ['/api/auth/login', '/api/auth/login'],
    ['/%61pi/auth/login?x=%2F', '/api/auth/login'],
    ['/api/auth/l%6Fgin#x', '/api/auth/login'],
    ['/admin/queues/api/queues/system/pause#/retry/failed', '/admin/queues/api/queues/system/pause'],
    ['http://evil.example/api/auth/login?a=1', '/api/auth/login'],
    ['HTTPS://evil.example', '/'],
    ['https://evil.example?x', '/'],
  ])('%s is %s', (target, path) => {
    expect(decodedPath(target)).toBe(path);
  });

  it('gives null for what it cannot decode, so guards refuse it', () => {
    for (const target of ['/api/x%', '/api/%E0%A4%A', '*', 'ftp://host/api']) expect(decodedPath(target)).toBeNull();
  });
});

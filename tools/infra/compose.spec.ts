import { commandWords, composeEnvironment, dependencies, imageRepository, imageTag, parseDuration, parsePort } from './compose';

describe('compose readers', () => {
  it('reads environment as a map or a list', () => {
    expect(composeEnvironment({ environment: { A: 1, B: true, C: null } })).toEqual({ A: '1', B: 'true', C: null });
    expect(composeEnvironment({ environment: ['A=1', 'B=x=y', 'C'] })).toEqual({ A: '1', B: 'x=y', C: null });
    expect(composeEnvironment({})).toEqual({});
  });

  it('reads ports in every short spelling and the long form', () => {
    expect(parsePort('8080')).toEqual({ hostIp: null, published: null, target: 8080 });
    expect(parsePort('80:8080')).toEqual({ hostIp: null, published: 80, target: 8080 });
    expect(parsePort('127.0.0.1:3306:3306/tcp')).toEqual({ hostIp: '127.0.0.1', published: 3306, target: 3306 });
    expect(parsePort('[::1]:6379:6379')).toEqual({ hostIp: '::1', published: 6379, target: 6379 });
    expect(parsePort({ target: 8080, published: '80', host_ip: '0.0.0.0' })).toEqual({ hostIp: '0.0.0.0', published: 80, target: 8080 });
    expect(() => parsePort('3000-3005:3000-3005')).toThrow('Unsupported');
  });

  it('reads durations', () => {
    expect(parseDuration('60s')).toBe(60_000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('1.5s')).toBe(1_500);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(() => parseDuration('60')).toThrow('Not a duration');
    expect(() => parseDuration('10s later')).toThrow('Not a duration');
  });

  it('reads depends_on in both forms and commands in both forms', () => {
    expect(dependencies({ depends_on: ['a'] })).toEqual({ a: 'service_started' });
    expect(dependencies({ depends_on: { a: { condition: 'service_healthy' } } })).toEqual({ a: 'service_healthy' });
    expect(commandWords('redis-server  --appendonly yes')).toEqual(['redis-server', '--appendonly', 'yes']);
    expect(commandWords(['a', 'b c'])).toEqual(['a', 'b c']);
  });

  it('splits image references', () => {
    expect(imageRepository('cancer-qa/api:latest')).toBe('cancer-qa/api');
    expect(imageRepository('registry:5000/cancer-qa/api')).toBe('registry:5000/cancer-qa/api');
    expect(imageRepository('mysql:8.4@sha256:abc123')).toBe('mysql');
    expect(imageTag('registry:5000/cancer-qa/api')).toBe('latest');
    expect(imageTag('redis:7.4')).toBe('7.4');
  });
});

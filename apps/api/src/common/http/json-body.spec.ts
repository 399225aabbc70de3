import { bodyLimitFor, JSON_BODY_LIMITS, measureJson } from './json-body';
import { cpuMs } from '../test/cpu-time';

describe('measureJson', () => {
  it('counts object keys at every depth and the deepest nesting', () => {
    expect(measureJson('{"a":1,"b":{"c":[1,{"d":2}]}}')).toEqual({ keys: 4, depth: 4, withinLimits: true });
    expect(measureJson('[]')).toEqual({ keys: 0, depth: 1, withinLimits: true });
  });

  it('ignores brackets, colons and escaped quotes inside strings', () => {
    expect(measureJson('{"a:[{":"x:\\"}]{[:"}')).toEqual({ keys: 1, depth: 1, withinLimits: true });
  });

  it('stops at the first key or level past the limit', () => {
    const limits = { maxKeys: 2, maxDepth: 3 };
    expect(measureJson('{"a":1,"b":2}', limits).withinLimits).toBe(true);
    expect(measureJson('{"a":1,"b":2,"c":3}', limits)).toEqual({ keys: 3, depth: 1, withinLimits: false });
    expect(measureJson('[[[]]]', limits).withinLimits).toBe(true);
    expect(measureJson('[[[[]]]]', limits)).toEqual({ keys: 0, depth: 4, withinLimits: false });
  });

  it('costs well under a millisecond or two for a megabyte', () => {
    const wide = JSON.stringify(Object.fromEntries(Array.from({ length: 80_000 }, (_, i) => [`k${i}`, 1])));
    const used = cpuMs(() => { for (let i = 0; i < 10; i++) measureJson(wide); });
    expect(measureJson(wide).withinLimits).toBe(false);
    expect(used / 10).toBeLessThan(20); // CPU time, so other load does not count; bench:load prints the real figure
  });
});

describe('bodyLimitFor', () => {
  it('gives long-text routes room and everything else the small default', () => {
    expect(bodyLimitFor('PUT', '/api/patients/:id')).toBe(512 * 1024);
    expect(bodyLimitFor('POST', '/api/auth/login')).toBe(JSON_BODY_LIMITS.defaultBytes);
    expect(bodyLimitFor('GET', undefined)).toBe(JSON_BODY_LIMITS.defaultBytes);
  });
});

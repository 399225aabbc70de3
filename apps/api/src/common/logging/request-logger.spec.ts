import pino from 'pino';
import { Writable } from 'node:stream';
import { lazyRequestLogger } from './request-logger';
import { loggerOptions } from './logger-options';

function logger(level: 'warn' | 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  return { parent: pino(loggerOptions({ logLevel: level, nodeEnv: 'test' } as never, 'api'), stream), lines };
}

describe('lazyRequestLogger', () => {
  it('makes no child while nothing is logged at an enabled level', () => {
    const { parent, lines } = logger('warn');
    const child = jest.spyOn(parent, 'child');
    const log = lazyRequestLogger(parent, { reqId: 'r-1' }, {});
    log.info({ req: { url: '/api/questions' } }, 'incoming request');
    log.debug('detail');
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.level).toBe('warn');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('logs an enabled level through a real child with the request id, redacted as the parent redacts', async () => {
    const { parent, lines } = logger('info');
    const log = lazyRequestLogger(parent, { reqId: 'r-2' }, {});
    log.info({ password: 'hunter2' }, 'incoming request');
    log.error(new Error('boom'));
    log.child({ extra: 1 }).warn('nested');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([['r-2', 'incoming request'], ['r-2', 'boom'], ['r-2', 'nested']]);
    expect(lines[0]!.password).not.toBe('hunter2');
    expect(lines[2]!.extra).toBe(1);
  });
});

import { Writable } from 'node:stream';
import pino from 'pino';
import { traceContext } from '../context/request-context';
import { NestPinoLogger } from '../logging/nest-pino-logger';
import { startMetricsServer } from './metrics-server';
import { jobFailures } from './metrics';

describe('the metrics port', () => {
  it('serves GET /metrics without sign-in and nothing else', async () => {
    jobFailures.inc({ job: 'mail-send' });
    const server = await startMetricsServer(0, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/cqa_job_failures_total\{job="mail-send"\} \d+/);
      expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('log lines inside a job or request', () => {
  it('carry the request id and job through a child logger', () => {
    const lines: string[] = [];
    const sink = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const logger = new NestPinoLogger(pino({ level: 'info' }, sink));
    traceContext.run({ requestId: 'req-abc-12345', job: 'mail-send', jobId: 'mail-7' }, () => logger.log({ msg: 'email sent' }, 'mail-send'));
    logger.log('outside');
    expect(JSON.parse(lines[0]!)).toMatchObject({ requestId: 'req-abc-12345', job: 'mail-send', jobId: 'mail-7', msg: 'email sent' });
    expect(JSON.parse(lines[1]!).requestId).toBeUndefined();
  });
});

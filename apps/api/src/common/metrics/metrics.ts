import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * The process's Prometheus metrics, one set per process (the API and the worker each serve their own). Labels are
 * bounded: route patterns (never raw URLs), job names, queue names, model names; never ids or anything a person typed.
 */
let defaultsOn = false;
export function enableDefaultMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ prefix: 'cqa_' });
}

export const httpDuration = new Histogram({
  name: 'cqa_http_request_duration_seconds',
  help: 'HTTP request latency by route pattern, method and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const jobDuration = new Histogram({
  name: 'cqa_job_duration_seconds',
  help: 'Time a worker spent on one job attempt, by job name and outcome (completed, failed, delayed, waiting_children).',
  labelNames: ['job', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
});

export const jobFailures = new Counter({
  name: 'cqa_job_failures_total',
  help: 'Failed job attempts by job name.',
  labelNames: ['job'] as const,
});

export const aiTokens = new Counter({
  name: 'cqa_ai_tokens_total',
  help: 'Tokens reported by the AI provider, by kind (prompt, completion) and model.',
  labelNames: ['kind', 'model'] as const,
});

/** Kinds of AiProvider failures; a bounded label set. */
export const AI_PROVIDER_ERROR_KINDS = [
  'rate_limited',
  'quota_exhausted',
  'auth',
  'unsupported_parameter',
  'bad_request',
  'server_error',
  'timeout',
  'connection',
  'bad_output',
] as const;
export type AiProviderErrorKind = (typeof AI_PROVIDER_ERROR_KINDS)[number];

export const aiProviderErrors = new Counter({
  name: 'cqa_ai_provider_errors_total',
  help: 'Failed AI provider calls by kind (rate_limited, quota_exhausted, auth, unsupported_parameter, bad_request, server_error, timeout, connection, bad_output) and model.',
  labelNames: ['kind', 'model'] as const,
});

export const queueJobs = new Gauge({
  name: 'cqa_queue_jobs',
  help: 'Jobs per queue and state (waiting, active, delayed, failed, prioritized, waiting-children), read at scrape time.',
  labelNames: ['queue', 'state'] as const,
});

export const mailOutboxRows = new Gauge({
  name: 'cqa_mail_outbox_rows',
  help: 'Emails in the outbox not yet accepted by the SMTP server, by status (pending, dead), read at scrape time.',
  labelNames: ['status'] as const,
});

export const reportSweepLast = new Gauge({
  name: 'cqa_report_sweep_last_count',
  help: 'What the last report sweep did, by action (files_removed, rows_marked_missing, partial_files_removed, checked_files).',
  labelNames: ['action'] as const,
});

/** Gauges whose values are read from MySQL/Redis when scraped; set by the process that can read them. */
type Refresher = () => Promise<void>;
const refreshers = new Set<Refresher>();
/** Returns the function that takes the refresher off again (on shutdown). */
export function onScrape(refresh: Refresher): () => void {
  refreshers.add(refresh);
  return () => refreshers.delete(refresh);
}

export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  // A scrape while Redis or MySQL is down still answers, with the gauges it could read.
  await Promise.allSettled([...refreshers].map((refresh) => refresh()));
  return { contentType: register.contentType, body: await register.metrics() };
}

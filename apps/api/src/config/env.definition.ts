/**
 * Every environment variable the API and worker read, with its default and meaning.
 * The README's configuration table, the boot-time validation and the docker/k8s manifest test all read this list.
 */
export interface EnvVariable {
  name: string;
  default: string | null;
  description: string;
  /** Which processes read it. */
  usedBy: ReadonlyArray<'api' | 'worker' | 'cli'>;
}

export const ENV_VARIABLES = [
  { name: 'NODE_ENV', default: 'development', description: '`development`, `test` or `production`. Production turns off demo seeding and the dev-only routes.', usedBy: ['api', 'worker', 'cli'] },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface the API listens on.', usedBy: ['api'] },
  { name: 'PORT', default: '8080', description: 'Port the API (and the built web app) is served on.', usedBy: ['api'] },
  { name: 'DATABASE_URL', default: 'mysql://root@127.0.0.1:3306/cqa', description: 'MySQL 8 / MariaDB 10.11 connection URL; the database is created by `npm run db:migrate` when missing.', usedBy: ['api', 'worker', 'cli'] },
  { name: 'REDIS_URL', default: 'redis://127.0.0.1:6379', description: 'Redis 7 connection URL for the job queues.', usedBy: ['api', 'worker'] },
  { name: 'QUEUE_PREFIX', default: 'cqa', description: 'Key prefix of every queue key in Redis; tests use their own.', usedBy: ['api', 'worker'] },
  { name: 'WEB_DIST_DIR', default: 'dist/web', description: 'Folder holding the built shell and remotes that the API serves; relative paths start at the repository root.', usedBy: ['api'] },
  { name: 'LOG_LEVEL', default: 'info', description: 'pino level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.', usedBy: ['api', 'worker', 'cli'] },
  { name: 'TRUST_PROXY', default: 'false', description: 'Fastify `trustProxy`: `false`, `true`, a hop count, or a comma-separated list of proxy addresses/CIDRs whose `X-Forwarded-For` is believed.', usedBy: ['api'] },
  { name: 'WORKER_CONCURRENCY', default: '5', description: 'Jobs one worker process runs at once per queue.', usedBy: ['worker'] },
  { name: 'JOB_LOCK_DURATION_MS', default: '30000', description: 'How long a worker holds a job lock before another worker may take the job over; the worker shutdown grace must be longer.', usedBy: ['worker'] },
  { name: 'PUBLIC_URL', default: 'http://localhost:8080', description: 'The address people open the app at; links in emails (verification, password reset) start with it.', usedBy: ['api'] },
  { name: 'JWT_SECRET', default: null, description: 'Secret (32+ characters) signing the access tokens. Required in production; elsewhere a random one is generated at each start (sessions then survive a restart only through the refresh cookie) with a warning.', usedBy: ['api'] },
  { name: 'ACCESS_TOKEN_TTL_SECONDS', default: '900', description: 'Lifetime of an access token (the web renews it from the refresh cookie).', usedBy: ['api'] },
  { name: 'REFRESH_TOKEN_TTL_DAYS', default: '30', description: 'Lifetime of a refresh token (the `cqa_refresh` cookie); each use replaces it.', usedBy: ['api'] },
  { name: 'SMTP_URL', default: null, description: 'SMTP server for outgoing email, e.g. `smtps://user:pass@smtp.example.org:465`. Unset: each message is written to `var/mail/*.eml` and its link logged.', usedBy: ['api'] },
  { name: 'MAIL_FROM', default: 'Cancer Q&A <no-reply@cancer-qa.invalid>', description: 'Sender of every email.', usedBy: ['api'] },
  { name: 'AUTH_RATE_LIMIT_PER_IP', default: '30', description: 'Login, registration, resend-verification and forgot-password attempts allowed from one client IP per window (each kind counted apart).', usedBy: ['api'] },
  { name: 'AUTH_RATE_LIMIT_PER_ACCOUNT', default: '10', description: 'The same attempts allowed for one email address per window.', usedBy: ['api'] },
  { name: 'AUTH_RATE_LIMIT_WINDOW_SECONDS', default: '900', description: 'Length of the fixed rate-limit window; over the limit the API answers 429.', usedBy: ['api'] },
  { name: 'REPORTS_STORAGE', default: 'local', description: 'Where medical report files are kept: `local` (the folder `REPORTS_DIR`; one API replica, or a shared volume) or `s3` (an S3-compatible bucket; use it when several API replicas run).', usedBy: ['api'] },
  { name: 'REPORTS_DIR', default: 'var/uploads', description: 'Folder of the local report storage; relative paths start at the repository root. Must not be inside `WEB_DIST_DIR` (files are only ever served through the authorised download).', usedBy: ['api'] },
  { name: 'REPORTS_S3_BUCKET', default: null, description: 'Bucket holding the report files when `REPORTS_STORAGE=s3` (required then). Keep it private: files are served only through the API.', usedBy: ['api'] },
  { name: 'REPORTS_S3_REGION', default: 'us-east-1', description: 'Region of the bucket (S3-compatible servers usually accept any).', usedBy: ['api'] },
  { name: 'REPORTS_S3_ENDPOINT', default: null, description: 'URL of an S3-compatible server (MinIO, Ceph, Cloudflare R2, …). Unset: AWS S3 of `REPORTS_S3_REGION`.', usedBy: ['api'] },
  { name: 'REPORTS_S3_FORCE_PATH_STYLE', default: 'false', description: '`true` addresses the bucket in the path (`endpoint/bucket/key`), as MinIO and most self-hosted servers need; `false` uses `bucket.endpoint`.', usedBy: ['api'] },
  { name: 'REPORTS_S3_ACCESS_KEY_ID', default: null, description: 'Access key for the bucket. Unset (with the secret unset too): the AWS default credential chain (instance or pod role, web identity, `AWS_*` variables).', usedBy: ['api'] },
  { name: 'REPORTS_S3_SECRET_ACCESS_KEY', default: null, description: 'Secret key matching `REPORTS_S3_ACCESS_KEY_ID`; set both or neither.', usedBy: ['api'] },
  { name: 'FETCH_ALLOW_HOSTS', default: '', description: 'Tests and local demos only (empty everywhere else): comma-separated `host[:port]` list (e.g. `127.0.0.1:4599`) that the link importer may fetch although the address is private or the port is not 80/443. The app refuses to boot with it in production.', usedBy: ['api', 'worker'] },
  { name: 'FETCH_HOST_DELAY_MS', default: '1000', description: 'Least time between two requests of the link importer to one host, across all workers (a longer robots.txt `Crawl-delay` wins).', usedBy: ['worker'] },
  { name: 'FETCH_TIMEOUT_MS', default: '20000', description: 'Time limit of one fetch of the link importer, connect to last byte (at most 20000; the connect alone is limited to 5 s). Tests lower it.', usedBy: ['worker'] },
  { name: 'ROBOTS_CACHE_TTL_SECONDS', default: '86400', description: 'How long a fetched robots.txt is trusted (RFC 9309 asks for at most 24 hours); refusals from an unreachable robots.txt are kept at most 10 minutes.', usedBy: ['worker'] },
  { name: 'REDDIT_BASE_URL', default: 'https://www.reddit.com', description: 'Where the public JSON form of a Reddit thread is read (`<thread>.json?raw_json=1`).', usedBy: ['worker'] },
  { name: 'REDDIT_CLIENT_ID', default: null, description: 'Reddit app (script or web app) client id for the app-only OAuth flow, used when anonymous access is refused. Unset: such threads go to paste mode.', usedBy: ['worker'] },
  { name: 'REDDIT_CLIENT_SECRET', default: null, description: 'Secret of `REDDIT_CLIENT_ID`; set both or neither.', usedBy: ['worker'] },
  { name: 'REDDIT_AUTH_BASE_URL', default: 'https://www.reddit.com/api/v1/access_token', description: 'Reddit OAuth token endpoint (client credentials grant).', usedBy: ['worker'] },
  { name: 'REDDIT_OAUTH_BASE_URL', default: 'https://oauth.reddit.com', description: 'Reddit API base used with an OAuth token.', usedBy: ['worker'] },
  { name: 'AI_BASE_URL', default: null, description: 'Base URL of an OpenAI-compatible chat completions API, e.g. `http://127.0.0.1:11434/v1` (Ollama), `http://vllm:8000/v1`, `https://RESOURCE.openai.azure.com/openai/v1`. Unset: `https://api.openai.com/v1`. Alias `OPENAI_BASE_URL`.', usedBy: ['api', 'worker'] },
  { name: 'AI_API_KEY', default: null, description: 'API key of the AI provider (Ollama and vLLM accept any). The AI provider is configured when `AI_MODEL` and this or `AI_BASE_URL` are set; otherwise AI features report `AI provider not configured`. Alias `OPENAI_API_KEY`.', usedBy: ['api', 'worker'] },
  { name: 'AI_MODEL', default: null, description: 'Model (or Azure deployment) that writes answers, e.g. `gpt-4.1`, `llama3.1:8b`. Required when `AI_BASE_URL` or `AI_API_KEY` is set. Alias `OPENAI_MODEL`.', usedBy: ['api', 'worker'] },
  { name: 'AI_MODEL_FAST', default: null, description: 'Cheaper model for small steps (query planning, screening). Unset: `AI_MODEL`.', usedBy: ['api', 'worker'] },
  { name: 'AI_TIMEOUT_MS', default: '120000', description: 'Time limit of one model call; a call over it fails as an upstream error (the job queue retries it).', usedBy: ['api', 'worker'] },
  { name: 'AI_STRUCTURED_OUTPUT', default: 'json_schema', description: 'How the model is asked for JSON: `json_schema` (OpenAI, Azure, vLLM, recent Ollama), `json_object` (JSON mode with the schema in the prompt) or `prompt` (instructions only, for servers with neither).', usedBy: ['api', 'worker'] },
  { name: 'AI_PRICE_INPUT_PER_MTOK', default: null, description: 'US dollars per million prompt tokens, for the cost shown per run. Unset: the built-in price table (unknown models show no cost).', usedBy: ['api', 'worker'] },
  { name: 'AI_PRICE_OUTPUT_PER_MTOK', default: null, description: 'US dollars per million completion tokens; see `AI_PRICE_INPUT_PER_MTOK`.', usedBy: ['api', 'worker'] },
  { name: 'AI_AUTO_ANSWER', default: 'true', description: '`true`: a new patient question gets an AI answer at once (when the AI provider is configured); `false`: only when an admin asks for one.', usedBy: ['api'] },
  { name: 'AI_PHI_ALLOWED', default: 'false', description: 'Set `true` only with a data agreement with the AI provider: patients may then let their AI answer be tailored with an age band, cancer type, stage and treatment types from their profile (never names, dates, ids or free text). `false` refuses it and the web hides the option.', usedBy: ['api', 'worker'] },
  { name: 'AI_DAILY_LIMIT_PER_USER', default: '20', description: 'AI answer runs one person (the asking patient, or the admin who generates) may start in 24 hours; over it the API answers 429 and new questions are left for the experts.', usedBy: ['api'] },
  { name: 'AI_DAILY_LIMIT_GLOBAL', default: '500', description: 'AI answer runs the whole platform may start in 24 hours (a cost ceiling); over it the API answers 429.', usedBy: ['api'] },
  { name: 'NCBI_EUTILS_BASE_URL', default: 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils', description: 'NCBI E-utilities (PubMed search, summaries, abstracts).', usedBy: ['api', 'worker'] },
  { name: 'NCBI_API_KEY', default: null, description: 'NCBI API key: raises the PubMed rate limit from 3 to 10 requests per second (shared by all workers through Redis).', usedBy: ['api', 'worker'] },
  { name: 'NCBI_TOOL', default: 'cancer-qa', description: 'The `tool` name NCBI asks every E-utilities request to carry.', usedBy: ['api', 'worker'] },
  { name: 'NCBI_EMAIL', default: null, description: 'Contact address NCBI asks every E-utilities request to carry. Unset: the address of `MAIL_FROM`.', usedBy: ['api', 'worker'] },
  { name: 'EUROPEPMC_BASE_URL', default: 'https://www.ebi.ac.uk/europepmc/webservices/rest', description: 'Europe PMC REST API.', usedBy: ['api', 'worker'] },
  { name: 'CTGOV_BASE_URL', default: 'https://clinicaltrials.gov/api/v2', description: 'ClinicalTrials.gov API v2 (open trials).', usedBy: ['api', 'worker'] },
  { name: 'CROSSREF_BASE_URL', default: 'https://api.crossref.org', description: 'Crossref REST API (DOI checks and retractions).', usedBy: ['api', 'worker'] },
  { name: 'CROSSREF_MAILTO', default: null, description: 'Contact address sent as `mailto` so Crossref serves us from its polite pool. Unset: `NCBI_EMAIL`, then the address of `MAIL_FROM`.', usedBy: ['api', 'worker'] },
  { name: 'LITERATURE_TIMEOUT_MS', default: '20000', description: 'Time limit of one request to a literature API.', usedBy: ['api', 'worker'] },
  { name: 'RESEARCH_EXPERTS_MAY_START', default: 'true', description: 'Whether experts (not only admins) may start deep research on a question and approve, cancel or retry its runs.', usedBy: ['api'] },
  { name: 'RESEARCH_AUTO', default: 'false', description: 'Start deep research (its plan step) on every new patient question (costs model calls for each one). A run then waits for plan approval when `RESEARCH_PLAN_REVIEW` is on. Without an AI provider nothing starts (a warning is logged); the question is saved either way.', usedBy: ['api'] },
  { name: 'RESEARCH_PLAN_REVIEW', default: 'true', description: 'Deep research waits for an admin or expert to edit and approve the proposed plan before any search runs; `false` runs the plan as proposed.', usedBy: ['api', 'worker'] },
  { name: 'RESEARCH_MAX_TOKENS', default: '200000', description: 'Token budget (prompt + completion) of one deep research run; when spent, the run stops reading studies and writes its report from what it has, marked partial.', usedBy: ['worker'] },
  { name: 'RESEARCH_MAX_MINUTES', default: '30', description: 'Time budget of one deep research run from plan approval; when over, the run ends with what it has, marked partial.', usedBy: ['worker'] },
  { name: 'RESEARCH_RECHECK_CRON', default: '0 3 * * *', description: 'When the nightly job re-checks the retraction status of every source cited by a published deep research report (cron, server time); empty turns it off.', usedBy: ['worker'] },
] as const satisfies ReadonlyArray<EnvVariable>;

export type EnvName = (typeof ENV_VARIABLES)[number]['name'];

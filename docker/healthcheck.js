// HEALTHCHECK of the server image (its API process): exit 0 when GET /api/health answers 2xx (MySQL and Redis reachable), 1 otherwise.
// Node has no curl beside it in the slim image, so the check is a few lines of Node instead.
const port = process.env.PORT || '8080';
const timeout = AbortSignal.timeout(4000);

fetch(`http://127.0.0.1:${port}/api/health`, { signal: timeout })
  .then((response) => process.exit(response.ok ? 0 : 1))
  .catch(() => process.exit(1));

/** `npm run fixtures:serve`: the literature fixture server for a demo (FIXTURES_PORT, default 4020). */
import { startFixtureServer } from './fixture-server.ts';

async function main(): Promise<void> {
  const server = await startFixtureServer({ port: Number(process.env.FIXTURES_PORT ?? 4020) });
  console.log(`Literature fixture server on ${server.url}`);
  console.log(
    `NCBI_EUTILS_BASE_URL=${server.baseUrls.eutils} EUROPEPMC_BASE_URL=${server.baseUrls.europepmc} CTGOV_BASE_URL=${server.baseUrls.ctgov} CROSSREF_BASE_URL=${server.baseUrls.crossref}`,
  );
  const stop = () => {
    const missing = server.unmatched();
    if (missing.length) console.log(`Requests without a fixture (answered 599):\n${missing.join('\n')}`);
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();

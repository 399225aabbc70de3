// The environment that points the server's AI provider at the fake (fake-ai-server.ts) and its literature clients at
// the fixture server (tools/literature-fixtures): AI answers and deep research with nothing leaving the machine. Used by
// `npm run start:demo-ai`, the e2e server and the cluster test. Erasable TypeScript only (Node runs it by type stripping).

export function offlineAiEnv(fakeAiUrl: string, literature: Record<'eutils' | 'europepmc' | 'ctgov' | 'crossref', string>): Record<string, string> {
  return {
    AI_BASE_URL: fakeAiUrl,
    AI_API_KEY: 'fake',
    AI_MODEL: 'fake-model',
    AI_MODEL_FAST: 'fake-model-fast',
    NCBI_EUTILS_BASE_URL: literature.eutils,
    EUROPEPMC_BASE_URL: literature.europepmc,
    CTGOV_BASE_URL: literature.ctgov,
    CROSSREF_BASE_URL: literature.crossref,
  };
}

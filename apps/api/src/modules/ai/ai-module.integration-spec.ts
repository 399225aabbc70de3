import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import { AiAnswerProcessor } from '../answers/ai/ai-answer.processor';
import { startTestWorker } from '../answers/ai/test/ai-test-env';
import { ResearchRunner } from '../answers/research/research.runner';
import { SearchStage } from '../answers/research/stages/search.stage';
import { LITERATURE_CLIENTS, type LiteratureClients } from './ai.module';
import { AiProvider } from './provider/ai-provider';

/**
 * AI answers and deep research reach PubMed through one wiring (AiModule): the same clients, the same per-host limiter
 * and key space, so together they keep to NCBI's 3 requests per second. A local E-utilities stand-in counts requests.
 */
describe('one literature wiring for AI answers and deep research', () => {
  let worker: INestApplicationContext;
  let server: http.Server;
  const seen: number[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(Date.now());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ header: { type: 'esearch', version: '0.3' }, esearchresult: { count: '0', retmax: '0', retstart: '0', idlist: [] } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/entrez/eutils`;
    worker = await startTestWorker({ NCBI_EUTILS_BASE_URL: base, NCBI_API_KEY: '', AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'm' });
  });
  afterAll(async () => {
    await worker?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  // Both sources search through generation/'s LiteratureRetrieval (provided once, by GenerationModule), over AiModule's clients.
  const clientsOf = (from: unknown) => (from as { retrieval: { literature: LiteratureClients } }).retrieval.literature;

  it('injects the same provider and clients into both', () => {
    const processor = worker.get(AiAnswerProcessor);
    const runner = worker.get(ResearchRunner) as unknown as { ai: AiProvider };
    expect(clientsOf(worker.get(SearchStage))).toBe(worker.get(LITERATURE_CLIENTS));
    expect(clientsOf(processor)).toBe(worker.get(LITERATURE_CLIENTS));
    expect(runner.ai).toBe((processor as unknown as { provider: AiProvider }).provider);
  });

  it('keeps both together within 3 requests per second to one host', async () => {
    const processor = clientsOf(worker.get(AiAnswerProcessor));
    const runner = clientsOf(worker.get(SearchStage));
    seen.length = 0;
    await Promise.all([
      ...Array.from({ length: 5 }, () => processor.pubmed.search('fatigue exercise')),
      ...Array.from({ length: 5 }, () => runner.pubmed.search('fatigue exercise')),
    ]);
    expect(seen).toHaveLength(10);
    // Slots are 334 ms apart on Redis's clock; arrival jitter of a few ms aside, no 900 ms holds a fourth request.
    const busiest = Math.max(...seen.map((t) => seen.filter((u) => u >= t && u < t + 900).length));
    expect(busiest).toBeLessThanOrEqual(3);
    expect(Math.max(...seen) - Math.min(...seen)).toBeGreaterThanOrEqual(2900);
  }, 20_000);
});

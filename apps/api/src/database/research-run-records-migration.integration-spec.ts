import { createDatabaseIfMissing, dropDatabase, migrate, withDataSource } from './database-admin';
import { AddResearchRunRecords1795600000008 } from './migrations/1795600000008-AddResearchRunRecords';

// A database of its own: the migration is taken down and up again here.
const ownDatabase = (() => {
  const server = new URL(process.env.DATABASE_URL!);
  server.pathname = `${server.pathname}_runrecords`;
  return server.toString();
})();

const record = (over: Record<string, unknown>) => ({
  source: 'pubmed', pmid: null, doi: null, nctId: null, title: 'T', journal: 'J', year: 2021, publicationTypes: ['Journal Article'],
  text: 'Abstract.', url: 'https://example.test/r', retraction: 'clear', ...over,
});

describe('migration 1795600000008: deep research records become research_run_records rows (real MariaDB)', () => {
  beforeAll(async () => {
    await createDatabaseIfMissing(ownDatabase);
    await migrate(ownDatabase);
  }, 120000);
  afterAll(() => dropDatabase(ownDatabase));

  it("up moves an existing run's dedupe records into rows (cited as its report cites them); down removes the table", async () => {
    await withDataSource(ownDatabase, async (ds) => {
      const migration = new AddResearchRunRecords1795600000008();
      const runner = ds.createQueryRunner();
      try {
        await migration.down(runner);
        const q = (await ds.query("INSERT INTO cancer_questions (question_text) VALUES ('Does exercise help?')")) as { insertId: number };
        // One work an AI answer already stored: the move links the same row, it makes no second one.
        const known = (await ds.query(
          "INSERT INTO literature_records (source, pmid, doi, title, publication_types, text, url) VALUES ('pubmed', '91000001', NULL, 'Known', '[]', 'x', 'https://pubmed.ncbi.nlm.nih.gov/91000001/')",
        )) as { insertId: number };
        const report = { references: [{ url: 'https://doi.org/10.5555/moved.1' }] };
        const run = (await ds.query("INSERT INTO research_runs (question_id, status, stage, report) VALUES (?, 'completed', 'publish', ?)", [
          q.insertId, JSON.stringify(report),
        ])) as { insertId: number };
        const records = [
          record({ pmid: '91000001', url: 'https://pubmed.ncbi.nlm.nih.gov/91000001/' }),
          record({ source: 'crossref', doi: '10.5555/MOVED.1', url: 'https://doi.org/10.5555/moved.1', title: 'Moved' }),
        ];
        await ds.query("INSERT INTO research_steps (run_id, step_key, stage, status, output) VALUES (?, 'dedupe', 'dedupe', 'done', ?)", [
          run.insertId, JSON.stringify({ found: 3, records, resolved: [] }),
        ]);

        await migration.up(runner);
        const rows = (await ds.query(
          'SELECT rr.number, rr.record_id, rr.cited, lr.doi, lr.title FROM research_run_records rr JOIN literature_records lr ON lr.id = rr.record_id WHERE rr.run_id = ? ORDER BY rr.number',
          [run.insertId],
        )) as { number: number; record_id: string; cited: number; doi: string | null; title: string }[];
        expect(rows.map((r) => ({ number: Number(r.number), cited: Number(r.cited), doi: r.doi, title: r.title }))).toEqual([
          { number: 1, cited: 0, doi: null, title: 'Known' },
          { number: 2, cited: 1, doi: '10.5555/moved.1', title: 'Moved' },
        ]);
        expect(Number(rows[0].record_id)).toBe(Number(known.insertId));

        await migration.down(runner);
        expect((await ds.query("SHOW TABLES LIKE 'research_run_records'")) as unknown[]).toEqual([]);
        await migration.up(runner);
      } finally {
        await runner.release();
      }
    });
  });
});

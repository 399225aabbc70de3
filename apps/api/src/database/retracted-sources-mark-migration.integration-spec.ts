import { createDatabaseIfMissing, dropDatabase, migrate, withDataSource } from './database-admin';
import { AddQuestionRetractedSourcesMark1795600000400 } from './migrations/1795600000400-AddQuestionRetractedSourcesMark';

// A database of its own: the migration is taken down and up again here.
const ownDatabase = (() => {
  const server = new URL(process.env.DATABASE_URL!);
  server.pathname = `${server.pathname}_retractmark`;
  return server.toString();
})();

describe('migration 1795600000400: questions with retraction flags are marked (real MariaDB)', () => {
  beforeAll(async () => {
    await createDatabaseIfMissing(ownDatabase);
    await migrate(ownDatabase);
  }, 120000);
  afterAll(() => dropDatabase(ownDatabase));

  it("up marks exactly the questions with a flag (a research run's or an answer's), keeping updated_at; down drops the mark", async () => {
    await withDataSource(ownDatabase, async (ds) => {
      const migration = new AddQuestionRetractedSourcesMark1795600000400();
      const runner = ds.createQueryRunner();
      try {
        await migration.down(runner);
        const question = async () => Number(((await ds.query("INSERT INTO cancer_questions (question_text, updated_at) VALUES ('Q?', '2026-01-02 03:04:05.678')")) as { insertId: number }).insertId);
        const answerOf = async (questionId: number) =>
          Number(((await ds.query("INSERT INTO cancer_answers (question_id, answer_type, answer_text, sources) VALUES (?, 'ai', 'A.', '[]')", [questionId])) as { insertId: number }).insertId);
        const [byRun, byAnswer, unflagged] = [await question(), await question(), await question()];
        const run = (await ds.query("INSERT INTO research_runs (question_id, status, stage, answer_id) VALUES (?, 'completed', 'done', ?)", [byRun, await answerOf(byRun)])) as { insertId: number };
        await ds.query("INSERT INTO research_retraction_flags (run_id, source_key, title, url) VALUES (?, 'doi:x', 'T', 'u')", [run.insertId]);
        await ds.query("INSERT INTO answer_retraction_flags (answer_id, source_key, title, url) VALUES (?, 'doi:y', 'T', 'u')", [await answerOf(byAnswer)]);
        await answerOf(unflagged);

        await migration.up(runner);
        const rows = (await ds.query('SELECT id, has_retracted_sources AS mark, updated_at FROM cancer_questions WHERE id IN (?, ?, ?) ORDER BY id', [byRun, byAnswer, unflagged])) as
          { id: string; mark: number; updated_at: Date }[];
        expect(rows.map((r) => [Number(r.id), Number(r.mark), r.updated_at.toISOString()])).toEqual([
          [byRun, 1, '2026-01-02T03:04:05.678Z'], [byAnswer, 1, '2026-01-02T03:04:05.678Z'], [unflagged, 0, '2026-01-02T03:04:05.678Z'],
        ]);

        await migration.down(runner);
        expect((await ds.query("SHOW COLUMNS FROM cancer_questions LIKE 'has_retracted_sources'")) as unknown[]).toEqual([]);
        await migration.up(runner);
      } finally {
        await runner.release();
      }
    });
  });
});

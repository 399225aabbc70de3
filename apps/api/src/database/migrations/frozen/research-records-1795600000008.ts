/**
 * FROZEN for migration 1795600000008-AddResearchRunRecords: the literature record upsert
 * (modules/answers/literature-records.repository.ts) and the reading of deep research's step outputs as they were when
 * that migration was written. A migration imports no live code (tools/lint/server-modules.mjs). Never edit this file.
 */
type RunSql = (sql: string, params?: unknown[]) => Promise<unknown>;

interface StoredRecord {
  source: string;
  pmid: string | null;
  doi: string | null;
  nctId: string | null;
  title: string;
  journal: string | null;
  year: number | null;
  publicationTypes: string[];
  text: string;
  url: string;
  retraction: string;
}

const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
const isDuplicate = (error: unknown) => (error as { driverError?: { code?: string }; code?: string })?.driverError?.code === 'ER_DUP_ENTRY'
  || (error as { code?: string })?.code === 'ER_DUP_ENTRY';

async function upsert(sql: RunSql, record: StoredRecord, again = true): Promise<string> {
  const doi = record.doi?.toLowerCase() ?? null;
  const nct = record.nctId?.toUpperCase() ?? null;
  const [found] = (await sql('SELECT id FROM literature_records WHERE pmid = ? OR doi = ? OR nct_id = ? ORDER BY id LIMIT 1', [
    record.pmid ?? '', doi ?? '', nct ?? '',
  ])) as { id: string }[];
  if (found) return String(found.id);
  try {
    const result = (await sql(
      `INSERT INTO literature_records (source, pmid, doi, nct_id, title, journal, year, publication_types, text, url, retraction)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [record.source, record.pmid, doi, nct, record.title, record.journal, record.year, JSON.stringify(record.publicationTypes ?? []),
        record.text ?? '', record.url, record.retraction ?? 'unknown'],
    )) as { insertId: number | string };
    return String(result.insertId);
  } catch (error) {
    if (again && isDuplicate(error)) return upsert(sql, record, false);
    throw error;
  }
}

/**
 * Every finished dedupe step becomes rows: record n of its output is number n. A record the published report cites
 * (same url as one of its references) is marked cited. Existing rows of a run stay (re-running is harmless).
 */
export async function moveDedupeRecords(sql: RunSql): Promise<number> {
  const steps = (await sql(
    `SELECT s.run_id, s.output, r.report FROM research_steps s JOIN research_runs r ON r.id = s.run_id
     WHERE s.step_key = 'dedupe' AND s.status = 'done' AND s.output IS NOT NULL ORDER BY s.run_id`,
  )) as { run_id: string; output: unknown; report: unknown }[];
  let moved = 0;
  for (const step of steps) {
    const records = ((json(step.output) as { records?: StoredRecord[] } | null)?.records ?? []);
    const report = json(step.report) as { references?: { url: string }[] } | null;
    const citedUrls = new Set((report?.references ?? []).map((r) => r.url));
    for (const [i, record] of records.entries()) {
      const id = await upsert(sql, record);
      await sql('INSERT IGNORE INTO research_run_records (run_id, number, record_id, cited) VALUES (?, ?, ?, ?)', [
        step.run_id, i + 1, id, citedUrls.has(record.url),
      ]);
      moved++;
    }
  }
  return moved;
}

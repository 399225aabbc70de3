import { Injectable } from '@nestjs/common';
import type { LiteratureSource, RetractionStatus } from '@cqa/contracts';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { type LiteratureRecord } from '../../ai';

export interface CitingAnswer {
  answer_id: number;
  source_kind: 'ai' | 'deep_research';
  run_id: number;
  question_id: number;
  question_title: string;
}

const isDuplicate = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === 'ER_DUP_ENTRY';

/**
 * literature_records: one row per work, shared by every answer source. The AI answer (ai_run_records) and deep research
 * (research_run_records) store what they retrieved here and link it to their run by number.
 */
@Injectable()
export class LiteratureRecordsRepository {
  constructor(private readonly ds: DataSource) {}

  async exists(id: number): Promise<boolean> {
    return ((await this.ds.query('SELECT 1 FROM literature_records WHERE id = ?', [id])) as unknown[]).length > 0;
  }

  /**
   * The published answers citing a record, newest first: AI answers through their run's numbered records, deep
   * research reports through the records their report cites.
   */
  async citingAnswers(recordId: number, page: number, perPage: number): Promise<{ items: CitingAnswer[]; total: number }> {
    const citing = `
      SELECT a.id AS answer_id, 'ai' AS source_kind, r.id AS run_id, q.id AS question_id, q.question_text
      FROM ai_run_records rr JOIN ai_runs r ON r.id = rr.run_id JOIN cancer_answers a ON a.ai_run_id = r.id
      JOIN cancer_questions q ON q.id = a.question_id WHERE rr.record_id = ?
      UNION ALL
      SELECT a.id, 'deep_research', r.id, q.id, q.question_text
      FROM research_run_records rr JOIN research_runs r ON r.id = rr.run_id JOIN cancer_answers a ON a.id = r.answer_id
      JOIN cancer_questions q ON q.id = a.question_id WHERE rr.record_id = ? AND rr.cited`;
    const rows = (await this.ds.query(`SELECT * FROM (${citing}) c ORDER BY answer_id DESC LIMIT ? OFFSET ?`, [
      recordId, recordId, perPage, (page - 1) * perPage,
    ])) as { answer_id: string; source_kind: CitingAnswer['source_kind']; run_id: string; question_id: string; question_text: string }[];
    const [count] = (await this.ds.query(`SELECT COUNT(*) AS n FROM (${citing}) c`, [recordId, recordId])) as { n: number | string }[];
    return {
      total: Number(count.n),
      items: rows.map((r) => ({
        answer_id: Number(r.answer_id), source_kind: r.source_kind, run_id: Number(r.run_id), question_id: Number(r.question_id),
        question_title: r.question_text.length > 200 ? `${r.question_text.slice(0, 199)}…` : r.question_text,
      })),
    };
  }

  /** The retraction statuses a check found, by row id. */
  async saveRetractions(records: ReadonlyArray<{ recordId: string; retraction: RetractionStatus }>): Promise<void> {
    for (const r of records) {
      await this.ds.query('UPDATE literature_records SET retraction = ?, retraction_checked_at = NOW(3) WHERE id = ?', [r.retraction, r.recordId]);
    }
  }

  /** Marks a work retracted, by row id or by DOI (every row of it), within the caller's transaction when given one. */
  async markRetracted(work: { id: number } | { doi: string }, manager: Pick<EntityManager, 'query'> = this.ds): Promise<void> {
    const [column, value] = 'id' in work ? ['id', work.id] : ['doi', work.doi];
    await manager.query(`UPDATE literature_records SET retraction = 'retracted', retraction_checked_at = NOW(3) WHERE ${column} = ?`, [value]);
  }

  /** The row ids of `records`, in order. */
  async upsertAll(records: readonly LiteratureRecord[]): Promise<string[]> {
    const ids: string[] = [];
    for (const record of records) ids.push(await this.upsert(record));
    return ids;
  }

  /** Finds the work by any of its ids and refreshes it, or inserts it; two workers storing one work meet on the unique keys. */
  async upsert(record: LiteratureRecord, again = true): Promise<string> {
    const doi = record.doi?.toLowerCase() ?? null;
    const nct = record.nctId?.toUpperCase() ?? null;
    const [found] = (await this.ds.query(
      'SELECT id, pmid, doi, nct_id FROM literature_records WHERE pmid = ? OR doi = ? OR nct_id = ? ORDER BY id LIMIT 1',
      [record.pmid ?? '', doi ?? '', nct ?? ''],
    )) as { id: string; pmid: string | null; doi: string | null; nct_id: string | null }[];
    const values = [record.title, record.journal, record.year, JSON.stringify(record.publicationTypes), record.text, record.url];
    try {
      if (found) {
        await this.ds.query(
          `UPDATE literature_records SET title = ?, journal = ?, year = ?, publication_types = ?, text = ?, url = ?,
             retraction = IF(retraction = 'retracted', 'retracted', ?) WHERE id = ?`,
          [...values, record.retraction, found.id],
        );
        // Ids learnt from another source fill the gaps, unless another row already holds them.
        await this.ds
          .query('UPDATE literature_records SET pmid = COALESCE(pmid, ?), doi = COALESCE(doi, ?), nct_id = COALESCE(nct_id, ?) WHERE id = ?', [
            record.pmid, doi, nct, found.id,
          ])
          .catch((error: unknown) => {
            if (!isDuplicate(error)) throw error;
          });
        return String(found.id);
      }
      const result = (await this.ds.query(
        `INSERT INTO literature_records (source, pmid, doi, nct_id, title, journal, year, publication_types, text, url, retraction)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [record.source as LiteratureSource, record.pmid, doi, nct, ...values, record.retraction],
      )) as { insertId: number | string };
      return String(result.insertId);
    } catch (error) {
      if (again && isDuplicate(error)) return this.upsert(record, false);
      throw error;
    }
  }
}

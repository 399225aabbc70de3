import { Injectable } from '@nestjs/common';
import type { ImportBatchView, ImportRowStatus, ImportRowView } from '@cqa/contracts';
import { DataSource, EntityManager } from 'typeorm';

export interface ImportRowRecord {
  id: number;
  batch_id: number;
  position: number;
  url: string;
  url_hash: string;
  question_scope: number;
  status: ImportRowStatus;
  stage: string | null;
  error_reason: string | null;
  question_id: number | null;
  answers_created: number;
  ai_run_id: number | null;
  ai_note: string | null;
  paste_pending: boolean;
  pasted_text: string | null;
  run_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  /** From the batch. */
  created_by: string | null;
  cancer_type: string;
  target_question_id: number | null;
}

interface BatchRecord {
  id: number | string;
  created_by: string | null;
  cancer_type: string;
  target_question_id: number | string | null;
  created_at: Date | string;
}

const ROW_COLUMNS = `r.id, r.batch_id, r.position, r.url, r.url_hash, r.question_scope, r.status, r.stage, r.error_reason, r.question_id,
  r.answers_created, r.ai_run_id, r.ai_note, r.paste_pending, r.pasted_text, r.run_count, r.created_at, r.updated_at,
  b.created_by, b.cancer_type, b.target_question_id`;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const numOrNull = (value: unknown) => (value == null ? null : Number(value));

function toRecord(raw: Record<string, unknown>): ImportRowRecord {
  return {
    ...(raw as unknown as ImportRowRecord),
    id: Number(raw.id),
    batch_id: Number(raw.batch_id),
    position: Number(raw.position),
    question_scope: Number(raw.question_scope),
    question_id: numOrNull(raw.question_id),
    answers_created: Number(raw.answers_created),
    ai_run_id: numOrNull(raw.ai_run_id),
    paste_pending: Number(raw.paste_pending) === 1 || raw.paste_pending === true,
    run_count: Number(raw.run_count),
    target_question_id: numOrNull(raw.target_question_id),
  };
}

export function toRowView(row: ImportRowRecord): ImportRowView {
  return {
    id: row.id,
    batch_id: row.batch_id,
    url: row.url,
    status: row.status,
    stage: row.stage,
    error: row.error_reason,
    question_id: row.question_id,
    answers_created: row.answers_created,
    ai_run_id: row.ai_run_id,
    ai_note: row.ai_note,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Status fields a job step writes; undefined leaves a column as it is. */
export interface RowProgress {
  status?: ImportRowStatus;
  stage?: string | null;
  error_reason?: string | null;
  question_id?: number | null;
  answers_created?: number;
  ai_run_id?: number | null;
  ai_note?: string | null;
  paste_pending?: boolean;
}

/** Every statement of the import module (its tables: import_batches, import_rows), plain SQL like the others. */
@Injectable()
export class ImportRepository {
  constructor(readonly ds: DataSource) {}

  /**
   * A batch and one row per link not yet imported into the same scope; links already there are left alone (the
   * unique key decides, so two admins submitting the same link at once still make one row).
   */
  async createBatch(batch: { createdBy: string; cancerType: string; targetQuestionId: number | null }, links: Array<{ url: string; hash: string }>, scope: number)
    : Promise<{ batchId: number | null; created: ImportRowRecord[]; existing: ImportRowRecord[] }> {
    return this.ds.transaction('READ COMMITTED', async (manager) => {
      const inserted = (await manager.query(
        'INSERT INTO import_batches (created_by, cancer_type, target_question_id) VALUES (?, ?, ?)',
        [batch.createdBy, batch.cancerType, batch.targetQuestionId],
      )) as { insertId: number | string };
      const batchId = Number(inserted.insertId);
      const createdIds: number[] = [];
      for (const [position, link] of links.entries()) {
        const result = (await manager.query(
          'INSERT IGNORE INTO import_rows (batch_id, position, url, url_hash, question_scope) VALUES (?, ?, ?, ?, ?)',
          [batchId, position, link.url, link.hash, scope],
        )) as { insertId: number | string; affectedRows: number };
        if (result.affectedRows === 1) createdIds.push(Number(result.insertId));
      }
      if (createdIds.length === 0) {
        await manager.query('DELETE FROM import_batches WHERE id = ?', [batchId]);
      }
      const rows = await this.rowsWhere(manager, 'r.question_scope = ? AND r.url_hash IN (?)', [scope, links.map((l) => l.hash)]);
      const created = new Set(createdIds);
      return {
        batchId: createdIds.length > 0 ? batchId : null,
        created: rows.filter((r) => created.has(r.id)).sort((a, b) => a.position - b.position),
        existing: rows.filter((r) => !created.has(r.id)),
      };
    });
  }

  async row(id: number, manager?: EntityManager): Promise<ImportRowRecord | undefined> {
    const [row] = await this.rowsWhere(manager ?? this.ds.manager, 'r.id = ?', [id]);
    return row;
  }

  async batch(id: number): Promise<ImportBatchView | undefined> {
    const [batch] = (await this.ds.query('SELECT id, created_by, cancer_type, target_question_id, created_at FROM import_batches WHERE id = ?', [id])) as BatchRecord[];
    if (!batch) return undefined;
    return (await this.withRows([batch]))[0];
  }

  /** A page of batches, newest first, each with its rows; only those aimed at one question when asked. */
  async batches(page: number, perPage: number, targetQuestionId: number | null): Promise<{ items: ImportBatchView[]; total: number }> {
    const where = targetQuestionId === null ? '' : ' WHERE target_question_id = ?';
    const params = targetQuestionId === null ? [] : [targetQuestionId];
    const batches = (await this.ds.query(
      `SELECT id, created_by, cancer_type, target_question_id, created_at FROM import_batches${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      [...params, perPage, (page - 1) * perPage],
    )) as BatchRecord[];
    const [count] = (await this.ds.query(`SELECT COUNT(*) AS total FROM import_batches${where}`, params)) as { total: number | string }[];
    return { items: await this.withRows(batches), total: Number(count?.total ?? 0) };
  }

  async progress(id: number, fields: RowProgress, manager?: EntityManager): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const [column, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      sets.push(`${column} = ?`);
      params.push(typeof value === 'string' ? value.slice(0, column === 'stage' ? 200 : 300) : value);
    }
    if (sets.length > 0) await (manager ?? this.ds).query(`UPDATE import_rows SET ${sets.join(', ')} WHERE id = ?`, [...params, id]);
  }

  /**
   * Starts another run of a row when it is in one of `from` (a failed row retried, a paste-needed row pasted); returns
   * the new run number, or null when the row was not in such a state (a double click starts one run).
   */
  async restart(id: number, from: ImportRowStatus[], pastedText: string | null): Promise<number | null> {
    return this.ds.transaction('READ COMMITTED', async (manager) => {
      const [row] = (await manager.query('SELECT status, run_count FROM import_rows WHERE id = ? FOR UPDATE', [id])) as { status: ImportRowStatus; run_count: number }[];
      if (!row || !from.includes(row.status)) return null;
      const run = Number(row.run_count) + 1;
      await manager.query(
        `UPDATE import_rows SET status = 'queued', stage = NULL, error_reason = NULL, run_count = ?,
           paste_pending = IF(? IS NULL, paste_pending, 0), pasted_text = COALESCE(?, pasted_text) WHERE id = ?`,
        [run, pastedText, pastedText, id],
      );
      return run;
    });
  }

  async finishBatch(id: number): Promise<{ saved: number; failed: number; paste: number }> {
    await this.ds.query('UPDATE import_batches SET finished_at = COALESCE(finished_at, CURRENT_TIMESTAMP(3)) WHERE id = ?', [id]);
    const rows = (await this.ds.query('SELECT status, COUNT(*) AS n FROM import_rows WHERE batch_id = ? GROUP BY status', [id])) as { status: string; n: number | string }[];
    const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    return { saved: count('saved'), failed: count('failed'), paste: count('paste_needed') };
  }

  private async rowsWhere(manager: EntityManager, where: string, params: unknown[]): Promise<ImportRowRecord[]> {
    const rows = (await manager.query(
      `SELECT ${ROW_COLUMNS} FROM import_rows r JOIN import_batches b ON b.id = r.batch_id WHERE ${where} ORDER BY r.batch_id, r.position`,
      params,
    )) as Record<string, unknown>[];
    return rows.map(toRecord);
  }

  private async withRows(batches: BatchRecord[]): Promise<ImportBatchView[]> {
    if (batches.length === 0) return [];
    const rows = await this.rowsWhere(this.ds.manager, 'r.batch_id IN (?)', [batches.map((b) => Number(b.id))]);
    return batches.map((b) => ({
      id: Number(b.id),
      cancer_type: b.cancer_type,
      question_id: numOrNull(b.target_question_id),
      created_at: iso(b.created_at),
      rows: rows.filter((r) => r.batch_id === Number(b.id)).map(toRowView),
    }));
  }
}

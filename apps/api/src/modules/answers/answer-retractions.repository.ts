import { Injectable } from '@nestjs/common';
import type { AiAnswerDetails, CitedSource } from '@cqa/contracts';
import { DataSource } from 'typeorm';
import { LiteratureRecordsRepository } from './literature/literature-records.repository';
import { jsonColumn } from '../../common/database/json-column';
import type { RunSql } from '../questions/question-search';

/**
 * Marks the question of a flagged answer (or of a flagged deep research run): the question detail reads the flags only
 * for a marked question (fetchQuestionDetail). Every writer of a flag calls this before adding it, so a flag never exists
 * unmarked; a mark is never taken back (one left by a removed answer costs one more read, a missing one would hide a
 * retraction from readers). The question's updated_at stays: its text did not change.
 */
export async function markRetractedSources(run: RunSql, flagged: { answerId: number } | { runId: number }): Promise<void> {
  const [table, id] = 'answerId' in flagged ? ['cancer_answers', flagged.answerId] : ['research_runs', flagged.runId];
  await run(
    `UPDATE cancer_questions q JOIN ${table} owner ON owner.question_id = q.id SET q.has_retracted_sources = 1, q.updated_at = q.updated_at
     WHERE owner.id = ? AND q.has_retracted_sources = 0`,
    [id],
  );
}

export interface PublishedAiAnswer {
  answerId: number;
  details: AiAnswerDetails;
}

/**
 * The nightly retraction re-check's view of published AI answers: their cited sources (stored with the answer and as
 * rows of literature_records), and the flags of sources found retracted since (answer_retraction_flags).
 */
@Injectable()
export class AnswerRetractionsRepository {
  constructor(private readonly ds: DataSource, private readonly literature: LiteratureRecordsRepository) {}

  async publishedAiAnswers(): Promise<PublishedAiAnswer[]> {
    const rows = (await this.ds.query(
      'SELECT id, ai_details FROM cancer_answers WHERE ai_run_id IS NOT NULL AND ai_details IS NOT NULL ORDER BY id',
    )) as Array<{ id: number | string; ai_details: unknown }>;
    return rows.flatMap((row) => {
      const details = jsonColumn<AiAnswerDetails>(row.ai_details);
      return details?.sources?.length ? [{ answerId: Number(row.id), details }] : [];
    });
  }

  /**
   * One source of an answer is now retracted: the answer's stored sources say so, every stored record with that DOI
   * says so, and the answer is flagged (once). Whether the flag is new.
   */
  async flagRetracted(answer: PublishedAiAnswer, source: CitedSource): Promise<boolean> {
    const doi = source.doi!.toLowerCase();
    return this.ds.transaction(async (manager) => {
      // The question's row first, as the answer writer locks it (lockQuestion) before the answer's.
      await markRetractedSources((sql, params) => manager.query(sql, params), { answerId: answer.answerId });
      const sources = answer.details.sources.map((s) => (s.doi?.toLowerCase() === doi ? { ...s, retraction: 'retracted' as const } : s));
      answer.details = { ...answer.details, sources };
      await manager.query('UPDATE cancer_answers SET ai_details = ? WHERE id = ?', [JSON.stringify(answer.details), answer.answerId]);
      await this.literature.markRetracted({ doi }, manager);
      const result = (await manager.query(
        'INSERT IGNORE INTO answer_retraction_flags (answer_id, source_key, title, url, doi, pmid) VALUES (?, ?, ?, ?, ?, ?)',
        [answer.answerId, `doi:${doi}`, source.title, source.url, source.doi, source.pmid],
      )) as { affectedRows: number };
      return result.affectedRows > 0;
    });
  }
}

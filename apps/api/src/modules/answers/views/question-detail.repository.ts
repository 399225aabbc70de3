import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { poolQuery } from '../../../common/database/pool-query';
import type { RunSql } from '../../../common/database/sql-statement';
import type { Viewer } from './answer-view';
import { fetchQuestionDetail, QuestionDetailRow } from './question-detail';
import { GlanceRow, glanceRatingsSql, glanceRowsOf, GlanceSqlRow, glanceSql } from './source-glance';

/** The question page's reads (statements in question-detail.ts and source-glance.ts, which the benchmark runs too), straight on the pool. */
@Injectable()
export class QuestionDetailRepository {
  private readonly run: RunSql;

  constructor(ds: DataSource) {
    const query = poolQuery(ds);
    this.run = (sql, params) => query(sql, params) as Promise<unknown[]>;
  }

  detailRows(id: number, viewer: Viewer): Promise<QuestionDetailRow[]> {
    return fetchQuestionDetail(this.run, id, viewer);
  }

  /** See glanceSql: each source's runs and extras (deep research: the request of `requestAskedBy`, anyone's when null). */
  async glanceRows(id: number, requestAskedBy: string | null): Promise<GlanceRow[]> {
    const { sql, params } = glanceSql(id, requestAskedBy);
    const [row] = (await this.run(sql, params)) as GlanceSqlRow[];
    return glanceRowsOf(row);
  }

  /** Ratings per answer kind, read (see ratingRows for when the detail's rows do not give them). */
  async glanceRatings(id: number): Promise<GlanceRow[]> {
    const { sql, params } = glanceRatingsSql(id);
    return (await this.run(sql, params)) as GlanceRow[];
  }
}

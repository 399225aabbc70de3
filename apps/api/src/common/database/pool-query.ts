import { DataSource, QueryFailedError } from 'typeorm';

/** Runs one statement and resolves with its rows (or its result header for a write). */
export type PoolQuery = (sql: string, params?: readonly unknown[]) => Promise<unknown>;

interface CallbackPool {
  query(sql: string, values: readonly unknown[], callback: (error: Error | null, rows: unknown) => void): unknown;
}

/**
 * One statement straight on the data source's mysql2 pool: the same connections, options and rows as DataSource.query,
 * without what TypeORM adds to each statement (a query runner, a promise wrapper around the connection, two events,
 * a copy of the rows), which cost a cheap read path as much as parsing its rows. Errors are TypeORM's QueryFailedError,
 * as from DataSource.query. Single statements outside a transaction only; a transaction takes its EntityManager.
 * The pool is looked up per call: a data source that is re-initialised (tests) gets a new one.
 */
export function poolQuery(ds: DataSource): PoolQuery {
  return (sql, params = []) => {
    const pool = (ds.driver as unknown as { pool?: CallbackPool }).pool;
    if (!pool) return ds.query(sql, params as unknown[]);
    return new Promise((resolve, reject) => {
      pool.query(sql, params, (error, rows) => {
        if (error) reject(new QueryFailedError(sql, params as unknown[], error));
        else resolve(rows);
      });
    });
  };
}

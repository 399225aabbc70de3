/**
 * The read paths' SQL as plain statements: a repository runs them, and the benchmark (tools/bench) runs the very same
 * text through bare mysql2 to measure what the API adds.
 */
export interface SqlStatement { sql: string; params: unknown[] }

/** Runs one statement: on the pool, or inside a caller's transaction. */
export type RunSql = (sql: string, params: unknown[]) => Promise<unknown[]>;

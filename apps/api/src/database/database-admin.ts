import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { dataSourceOptions, serverUrlAndName } from './data-source-options';

const SAFE_NAME = /^[A-Za-z0-9_]{1,64}$/;

function checkedName(database: string): string {
  if (!SAFE_NAME.test(database)) throw new Error(`Database name "${database}" must be 1-64 letters, digits or underscores.`);
  return database;
}

async function onServer<T>(databaseUrl: string, run: (name: string, query: (sql: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const { serverUrl, database } = serverUrlAndName(databaseUrl);
  const connection = await createConnection({ uri: serverUrl, connectTimeout: 5000 });
  try {
    return await run(checkedName(database), (sql) => connection.query(sql));
  } finally {
    await connection.end();
  }
}

export const createDatabaseIfMissing = (databaseUrl: string) =>
  onServer(databaseUrl, (name, query) => query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`));

export const dropDatabase = (databaseUrl: string) => onServer(databaseUrl, (name, query) => query(`DROP DATABASE IF EXISTS \`${name}\``));

async function withDataSource<T>(databaseUrl: string, run: (ds: DataSource) => Promise<T>): Promise<T> {
  const ds = new DataSource(dataSourceOptions({ databaseUrl }));
  await ds.initialize();
  try {
    return await run(ds);
  } finally {
    await ds.destroy();
  }
}

const MIGRATION_LOCK_TIMEOUT_S = 120;

/**
 * Creates the database when missing, then applies pending migrations; returns their names.
 * A named MySQL lock serialises concurrent runs (several API pods starting at once each run migrate).
 */
export async function migrate(databaseUrl: string): Promise<string[]> {
  await createDatabaseIfMissing(databaseUrl);
  return withDataSource(databaseUrl, async (ds) => {
    const runner = ds.createQueryRunner();
    await runner.connect();
    const lockName = `${ds.driver.database}.migrations`;
    try {
      const [{ got }] = await runner.query('SELECT GET_LOCK(?, ?) AS got', [lockName, MIGRATION_LOCK_TIMEOUT_S]);
      if (Number(got) !== 1) throw new Error(`Another migration held the lock for ${MIGRATION_LOCK_TIMEOUT_S}s; try again.`);
      return (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name);
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [lockName]).catch(() => undefined);
      await runner.release();
    }
  });
}

/** Undoes the most recent migration; returns whether one was undone. */
export async function revertLast(databaseUrl: string): Promise<boolean> {
  return withDataSource(databaseUrl, async (ds) => {
    const before = await ds.query('SELECT COUNT(*) AS n FROM migrations');
    if (Number(before[0].n) === 0) return false;
    await ds.undoLastMigration({ transaction: 'each' });
    return true;
  });
}

export { withDataSource };

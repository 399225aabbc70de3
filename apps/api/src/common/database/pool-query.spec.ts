import { DataSource, QueryFailedError } from 'typeorm';
import { poolQuery } from './pool-query';

const dataSource = (pool: unknown, query = jest.fn()) => ({ driver: { pool }, query }) as unknown as DataSource;

describe('poolQuery', () => {
  it("runs the statement with its parameters on the driver's pool and resolves with its rows", async () => {
    const pool = { query: jest.fn((_sql: string, _values: unknown[], cb: (e: Error | null, rows: unknown) => void) => cb(null, [{ id: 1 }])) };
    expect(await poolQuery(dataSource(pool))('SELECT ? AS id', [1])).toEqual([{ id: 1 }]);
    expect(pool.query).toHaveBeenCalledWith('SELECT ? AS id', [1], expect.any(Function));
  });

  it("fails with TypeORM's QueryFailedError carrying the driver's error, as DataSource.query does", async () => {
    const driverError = Object.assign(new Error('Duplicate entry'), { code: 'ER_DUP_ENTRY' });
    const pool = { query: (_sql: string, _values: unknown[], cb: (e: Error | null, rows: unknown) => void) => cb(driverError, undefined) };
    const failure = await poolQuery(dataSource(pool))('INSERT INTO t VALUES (?)', [1]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError).driverError).toBe(driverError);
  });

  it('falls back to DataSource.query while the driver has no pool', async () => {
    const query = jest.fn(async () => [{ n: 2 }]);
    expect(await poolQuery(dataSource(undefined, query))('SELECT 2 AS n')).toEqual([{ n: 2 }]);
    expect(query).toHaveBeenCalledWith('SELECT 2 AS n', []);
  });
});

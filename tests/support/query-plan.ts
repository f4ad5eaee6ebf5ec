import type { Database } from '../../src/store/database';

/**
 * How the database would run a query. PostgreSQL plans a table of a few rows with a scan and a sort
 * whatever its indexes: told to avoid both, it shows whether an index can serve the query and its order.
 */
export async function queryPlan(db: Database, text: string, params: readonly unknown[]): Promise<unknown> {
  const { pool } = db;
  if (!pool) return db.sql.all(`EXPLAIN QUERY PLAN ${text}`, params);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    await client.query('SET LOCAL enable_sort = off');
    return (await client.query(`EXPLAIN (FORMAT JSON) ${text}`, [...params])).rows;
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

import type pg from 'pg';

/**
 * Runs `work` while holding a session advisory lock named `name`, so that processes starting side
 * by side on one database (two API servers, a server and a worker) do one-time set-up once.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  } finally {
    client.release();
  }
}

import pg from 'pg';

/**
 * Deterministic race tests: one raw connection holds a conflicting change open (BEGIN; UPDATE …; no
 * commit), the operation under test runs, and an observer connection watches PostgreSQL until that
 * operation's backend is waiting on a row lock. Only then is the held change committed, so the order
 * of the two is fixed by the database, not by timing.
 */
export interface LockProbe {
  /** The connection that holds the conflicting change; `pid` is its backend. */
  holder: pg.Client;
  pid: number;
  /**
   * Resolves with the pid of a backend of this database that waits on a lock while running a query
   * that matches `query`, or undefined if `operation` settled first (it never had to wait).
   */
  waitingBackend(query: RegExp, operation: Promise<unknown>): Promise<number | undefined>;
  /** The backends that `pid` is waiting for. */
  blockersOf(pid: number): Promise<number[]>;
  close(): Promise<void>;
}

export async function lockProbe(databaseUrl: string): Promise<LockProbe> {
  const holder = new pg.Client({ connectionString: databaseUrl });
  const observer = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([holder.connect(), observer.connect()]);
  const pid = ((await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!).pid;
  return {
    holder,
    pid,
    async waitingBackend(query, operation) {
      let settled = false;
      void operation.then(
        () => (settled = true),
        () => (settled = true),
      );
      for (;;) {
        // The observer runs outside a transaction, so each look at pg_stat_activity is fresh.
        const { rows } = await observer.query<{ pid: number; query: string }>(
          `SELECT pid, query FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
        );
        const waiting = rows.find((r) => query.test(r.query));
        if (waiting) return waiting.pid;
        if (settled) return undefined;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async blockersOf(waiter) {
      const { rows } = await observer.query<{ pids: number[] }>('SELECT pg_blocking_pids($1) AS pids', [waiter]);
      return rows[0]!.pids;
    },
    async close() {
      await holder.query('ROLLBACK').catch(() => undefined);
      await Promise.all([holder.end(), observer.end()]);
    },
  };
}

import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { GroupCommitter } from './group-commit';

export type { Prisma } from '../generated/prisma/client';

/**
 * One pool per process, shared by Prisma (through the pg adapter) and the few raw statements that
 * need plain pg (health checks, migrations status).
 */
export interface Database {
  prisma: PrismaClient;
  pool: pg.Pool;
  /** The write path of the money-moving requests (group-commit.ts). */
  commits: GroupCommitter;
  close(): Promise<void>;
}

export function createDatabase(url: string, opts: { poolSize?: number; commitLanes?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    // A connection lost under the pool (database restarted) must not crash the process.
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  let closed = false;
  const commits = new GroupCommitter(pool, { lanes: opts.commitLanes ?? 2, maxBatch: 256 });
  return {
    prisma,
    pool,
    commits,
    async close() {
      if (closed) return;
      closed = true;
      await commits.close();
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

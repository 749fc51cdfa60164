import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from '../../generated/prisma/client';
import { newPool, type ConnectionLost } from './connections';
import { GroupCommitter } from './group-commit';

export type { Prisma } from '../../generated/prisma/client';

/**
 * One pool per process, shared by Prisma (through the pg adapter) and the few raw statements that
 * need plain pg (health checks, migrations status). What the process attaches to a handle (the
 * API-key look-up cache) is attached by the composition root (src/database.ts): the platform knows
 * no product area.
 */
export interface Database {
  prisma: PrismaClient;
  pool: pg.Pool;
  /** The write path of the money-moving requests (group-commit.ts). */
  commits: GroupCommitter;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  poolSize?: number;
  commitLanes?: number;
  /** Told when a pool connection's session ends outside a query (the pool opens new ones as needed). */
  onConnectionLost?: ConnectionLost;
}

export function openDatabase(url: string, opts: DatabaseOptions = {}): Database {
  const pool = newPool({ connectionString: url, max: opts.poolSize ?? 10, idleTimeoutMillis: 30_000 }, opts.onConnectionLost);
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

import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { newClient, newPool, type ConnectionLost } from './connections';
import { GroupCommitter } from './group-commit';
import { KeyRecordCache } from '../domain/auth/key-cache';

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
  /**
   * The API-key look-up cache of this handle (domain/auth/key-cache.ts), with its own LISTEN
   * session: one per handle, since it must hear of every change to the database this pool reads.
   */
  keyRecords: KeyRecordCache;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  poolSize?: number;
  commitLanes?: number;
  /** PAYRAIL_AUTH_CACHE (default true). */
  authCache?: boolean;
  /** Told when the auth cache's LISTEN session is lost (it reconnects; look-ups read meanwhile). */
  onAuthListenerLost?: (err: unknown, retryInMs: number) => void;
  /** Told when a pool connection's session ends outside a query (the pool opens new ones as needed). */
  onConnectionLost?: ConnectionLost;
}

export function createDatabase(url: string, opts: DatabaseOptions = {}): Database {
  const pool = newPool({ connectionString: url, max: opts.poolSize ?? 10, idleTimeoutMillis: 30_000 }, opts.onConnectionLost);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  let closed = false;
  const commits = new GroupCommitter(pool, { lanes: opts.commitLanes ?? 2, maxBatch: 256 });
  const keyRecords = new KeyRecordCache({
    enabled: opts.authCache ?? true,
    connect: () => newClient(pool.options),
    onLost: opts.onAuthListenerLost,
  });
  return {
    prisma,
    pool,
    commits,
    keyRecords,
    async close() {
      if (closed) return;
      closed = true;
      await keyRecords.close();
      await commits.close();
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

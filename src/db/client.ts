import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
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
}

export function createDatabase(url: string, opts: DatabaseOptions = {}): Database {
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
  const keyRecords = new KeyRecordCache({
    enabled: opts.authCache ?? true,
    connect: () => new pg.Client(pool.options),
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

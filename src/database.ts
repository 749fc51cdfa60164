import { openDatabase, type DatabaseOptions } from './platform/db/client';
import { newClient } from './platform/db/connections';
import { KeyRecordCache } from './platform/auth/key-cache';
import type { ServiceDatabase } from './platform/context';

export type { ServiceDatabase };

export interface ServiceDatabaseOptions extends DatabaseOptions {
  /** PAYRAIL_AUTH_CACHE (default true). */
  authCache?: boolean;
  /** Told when the auth cache's LISTEN session is lost (it reconnects; look-ups read meanwhile). */
  onAuthListenerLost?: (err: unknown, retryInMs: number) => void;
}

/**
 * The database handle the services use: the platform's pool, Prisma client and group commit
 * (db/client.ts) with this handle's API-key look-up cache (domain/auth/key-cache.ts), which holds
 * its own LISTEN session: one per handle, since it must hear of every change to the database this
 * pool reads. Closing closes the cache first, then the handle.
 */
export function createDatabase(url: string, opts: ServiceDatabaseOptions = {}): ServiceDatabase {
  const db = openDatabase(url, opts);
  const keyRecords = new KeyRecordCache({
    enabled: opts.authCache ?? true,
    connect: () => newClient(db.pool.options),
    onLost: opts.onAuthListenerLost,
  });
  let closed = false;
  return {
    ...db,
    keyRecords,
    async close() {
      if (closed) return;
      closed = true;
      await keyRecords.close();
      await db.close();
    },
  };
}

import { shortReference } from './ids';

const ATTEMPTS = 5;

/**
 * Inserts a row whose short_reference_id must be unique per account. `insert` runs an
 * `INSERT … ON CONFLICT DO NOTHING … RETURNING` (Prisma `createManyAndReturn` with
 * `skipDuplicates`) and returns what it inserted: a collision inserts nothing and is retried with
 * a fresh reference. Unlike catching P2002, this never aborts the caller's transaction, so it needs
 * no savepoint inside the idempotency layer's transaction.
 */
export async function insertWithFreshShortReference<T>(prefix: string, insert: (reference: string) => Promise<T[]>): Promise<T> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const [row] = await insert(shortReference(prefix));
    if (row) return row;
  }
  throw new Error(`no free short reference with prefix ${prefix} after ${ATTEMPTS} attempts`);
}

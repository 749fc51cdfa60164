import type { RequestContext } from '../context';
import { isUuid } from '../ids/ids';

/**
 * CONTRACT between the files area (owner) and every area that takes a file id (payout
 * documentation, account documents, cardholder identity files).
 *
 * checkFileIds: answers the ids among `ids` that are NOT files of the acting account (unknown,
 * malformed, or another tenant's alike), in the order given; an empty answer means all are real.
 * The caller decides the error (each area names its own field). Files are never deleted, so a
 * checked id stays valid for the caller's transaction.
 */
/** The rule text every area uses for an id that is not one of the caller's files (naming its own field). */
export const UNKNOWN_FILE_RULE = 'no uploaded file has this id (POST /v1/files/upload)';

export type CheckFileIds = (ctx: RequestContext, ids: readonly string[]) => Promise<string[]>;

export const checkFileIds: CheckFileIds = async (ctx, ids) => {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const uuids = wanted.filter(isUuid);
  const found = new Set<string>();
  if (uuids.length > 0) {
    const r = await ctx.db.pool.query<{ id: string }>('SELECT id FROM files WHERE account_id = $1 AND id = ANY($2::uuid[]) AND complete', [ctx.acting.id, uuids]);
    for (const row of r.rows) found.add(row.id);
  }
  return wanted.filter((id) => !found.has(id.toLowerCase()) && !found.has(id));
};

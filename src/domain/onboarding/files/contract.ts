import type { Database } from '../../../platform/db/client';
import type { Clock } from '../../../platform/clock/clock';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { signLink } from './links';
import type { FileSettings } from './settings';
import { fileIdsOfAccount, readFilesByIds } from './store';
import { toStoredFile, type StoredFile } from './view';

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
    for (const id of await fileIdsOfAccount(ctx.db.pool, ctx.acting.id, uuids)) found.add(id);
  }
  return wanted.filter((id) => !found.has(id.toLowerCase()) && !found.has(id));
};

/** A file another area keeps by id, with a fresh signed download link when one was asked for. */
export interface LinkedFile {
  file: StoredFile;
  /** Path and query of a signed link under the serving origin; null when no link was made. */
  path: string | null;
}

/**
 * linkedFiles: the files among `ids` that an area stored earlier (ids it checked with
 * checkFileIds when they were given), whoever uploaded them, each with a link signed for its
 * owner when `links` is given (expiring on the real clock, as AF7's). Ids that are not files are
 * left out.
 */
export async function linkedFiles(
  db: Database,
  ids: readonly string[],
  links?: { settings: FileSettings; processClock: Clock },
): Promise<Map<string, LinkedFile>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await readFilesByIds(db.pool, wanted);
  const expires = links ? Math.floor(links.processClock.now().getTime() / 1000) + links.settings.linkTtlSeconds : 0;
  return new Map(
    rows.map((row) => {
      const file = toStoredFile(row);
      const path = links ? signLink(links.settings.linkKey, { accountId: file.accountId, fileId: file.id, expires }) : null;
      return [file.id, { file, path }];
    }),
  );
}

import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Database } from '../../../platform/db/client';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { isDomainError } from '../../../platform/errors/domain-error';
import { parseInput } from '../../../platform/validation/validate';
import { fileErrors } from './errors';
import { signLink, verifyLink } from './links';
import { findFile, openContent } from './service';
import type { FileSettings } from './settings';
import { readFilesOfAccount } from './store';
import { toStoredFile, type StoredFile } from './view';

/** Ids one AF7 call may ask for. */
export const MAX_LINK_IDS = 100;

export interface DownloadLink {
  file: StoredFile;
  /** Path and query under the serving origin. */
  path: string;
}

/** AF7's answer; `absentFiles` is always empty: an unknown id refuses the whole call (docs/decisions/onboarding/files.md). */
export interface DownloadLinks {
  files: DownloadLink[];
  absentFiles: string[];
}

/** AF7's command: 1..100 file ids. */
export const fileDownloadLinksCommand = z.object({ fileIds: z.array(z.string()).min(1).max(MAX_LINK_IDS) });

/** The ids of a links command, each once; anything but 1..100 ids is `Request parameters invalid` (no field named in the text). */
export function parseFileIds(command: unknown): string[] {
  try {
    return [...new Set(parseInput(fileDownloadLinksCommand, command).fileIds)];
  } catch (e) {
    // Spec 7.1 answers every fault of this body with the one flat text.
    if (isDomainError(e)) throw fileErrors.requestParametersInvalid('fileIds');
    throw e;
  }
}

/**
 * Signed, expiring links to the acting account's files, in the order asked. Any id that is not
 * one of its files (unknown, malformed, another tenant's) answers `Query data error` for the whole
 * call, as spec 7.1 says, so a caller never learns which ids exist elsewhere.
 */
export async function fileDownloadLinks(ctx: RequestContext, settings: FileSettings, fileIds: string[]): Promise<DownloadLinks> {
  if (!fileIds.every(isUuid)) throw fileErrors.queryData();
  const rows = await readFilesOfAccount(ctx.db.pool, ctx.acting.id, fileIds);
  const byId = new Map(rows.map((row) => [row.id, toStoredFile(row)]));
  if (byId.size !== fileIds.length) throw fileErrors.queryData();
  // Expiry on the real clock: a sandbox test clock must not stretch a bearer link's life.
  const expires = Math.floor(ctx.processClock.now().getTime() / 1000) + settings.linkTtlSeconds;
  return {
    files: fileIds.map((id) => {
      const file = byId.get(id)!;
      return { file, path: signLink(settings.linkKey, { accountId: file.accountId, fileId: file.id, expires }) };
    }),
    absentFiles: [],
  };
}

/** Serves a link: its signature, its expiry, then the file still being there for the account it names. */
export async function openDownload(
  deps: { db: Database; now: Date },
  settings: FileSettings,
  parts: { fileId: string; account?: string; expires?: string; signature?: string },
): Promise<{ file: StoredFile; content: Readable }> {
  const claims = verifyLink(settings.linkKey, deps.now, parts);
  const file = await findFile(deps.db.pool, claims.accountId, claims.fileId);
  if (!file) throw fileErrors.linkInvalid();
  return { file, content: await openContent(deps.db.pool, settings, file) };
}

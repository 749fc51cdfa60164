import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { RequestContext } from '../../../platform/context';
import { isDomainError } from '../../../platform/errors/domain-error';
import { fileErrors } from './errors';
import {
  deleteAbandonedUploads,
  deleteIncompleteFile,
  inPieces,
  insertChunk,
  insertIncompleteFile,
  markFileComplete,
  readChunks,
  readFileOfAccount,
  usageOf,
} from './store';
import { checkFileName, checkNotes, decideType, MAX_FILE_BYTES, MEDIA_TYPES, SNIFF_BYTES, typeByName, type FileType } from './rules';
import type { FileSettings } from './settings';
import { toStoredFile, type StoredFile } from './view';

/** An upload as a door hands it over: the bytes arrive as a stream and are never held whole. */
export interface UploadSource {
  fileName: string | undefined;
  /** The part's Content-Type, when the client sent one. */
  declaredMediaType: string | undefined;
  notes: string | undefined;
  /** Errors it throws are DomainErrors already (the door maps its parser's size and read errors). */
  content: AsyncIterable<Buffer>;
}

/** Reads up to SNIFF_BYTES; answers them and an iterable of every byte (those first, then the rest). */
async function splitHead(content: AsyncIterable<Buffer>): Promise<{ head: Buffer; all: AsyncIterable<Buffer> }> {
  const it = content[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let held = 0;
  let done = false;
  while (held < SNIFF_BYTES) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    parts.push(r.value);
    held += r.value.length;
  }
  const head = Buffer.concat(parts, held);
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    if (done) return;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      yield r.value;
    }
  }
  return { head, all: all() };
}

/** Counts the bytes going by; over the limit or the quota's room, the upload stops at once. */
async function* bounded(source: AsyncIterable<Buffer>, room: number, settings: FileSettings, seen: { bytes: number }): AsyncGenerator<Buffer> {
  for await (const buf of source) {
    seen.bytes += buf.length;
    if (seen.bytes > MAX_FILE_BYTES) throw fileErrors.fileSize();
    if (seen.bytes > room) throw fileErrors.quotaBytes(settings.quotaBytes);
    yield buf;
  }
}

/**
 * AF6: validates the name and notes, types the content by its first bytes, then streams it into
 * the store in pieces. No transaction stays open while the bytes arrive — a slow client would hold
 * back every outbox reader for the upload's length (docs/decisions/platform/outbox.md, "Reading the outbox in
 * order"): the row is written first as incomplete, invisible to every reader, the pieces follow one
 * statement each, and a short final transaction checks the quota under a per-account advisory lock
 * (so two concurrent uploads cannot both squeeze under it) and marks the file complete. A failed
 * upload deletes its row and pieces; one cut short by a crash is removed by the account's next upload.
 */
export async function uploadFile(ctx: RequestContext, settings: FileSettings, src: UploadSource): Promise<StoredFile> {
  const notes = checkNotes(src.notes);
  const fileName = checkFileName(src.fileName);
  typeByName(fileName);
  const accountId = ctx.acting.id;
  await removeAbandonedUploads(ctx.db.pool, settings, accountId);
  const before = await usageOf(ctx.db.pool, accountId);
  if (before.count >= settings.quotaCount) throw fileErrors.quotaFiles(settings.quotaCount);
  if (before.bytes >= settings.quotaBytes) throw fileErrors.quotaBytes(settings.quotaBytes);

  const { head, all } = await splitHead(src.content);
  if (head.length === 0) throw fileErrors.fileSize();
  if (head.length > MAX_FILE_BYTES) throw fileErrors.fileSize();
  const fileType: FileType = await decideType(head, fileName, src.declaredMediaType);

  const id = randomUUID();
  const seen = { bytes: 0 };
  const body = bounded(all, settings.quotaBytes - before.bytes, settings, seen);
  let written = false;
  try {
    await insertIncompleteFile(ctx.db.pool, {
      id,
      accountId,
      fileName,
      fileType,
      mediaType: MEDIA_TYPES[fileType],
      notes: notes ?? null,
      storage: settings.objectStore ? 's3' : 'postgres',
      createdAt: ctx.clock.now(),
    });
    written = true;
    await store(ctx.db.pool, settings, id, body);
    return await complete(ctx.db.pool, settings, accountId, id, seen.bytes);
  } catch (e) {
    if (written) await discard(ctx.db.pool, settings, id);
    if (isDomainError(e)) throw e;
    throw Object.assign(fileErrors.uploadFile(), { cause: e });
  }
}

/** The final step: quota under the account's lock, then the file becomes visible. */
async function complete(pool: pg.Pool, settings: FileSettings, accountId: string, id: string, bytes: number): Promise<StoredFile> {
  const row = await markFileComplete(pool, accountId, id, bytes, (now) => {
    // `now` counts this row (and other uploads in flight) and the bytes of complete files only.
    if (now.count > settings.quotaCount) throw fileErrors.quotaFiles(settings.quotaCount);
    if (now.bytes + bytes > settings.quotaBytes) throw fileErrors.quotaBytes(settings.quotaBytes);
  });
  return toStoredFile(row);
}

/** Removes an upload that did not complete: its row, its pieces (cascade) and its object. */
async function discard(pool: pg.Pool, settings: FileSettings, id: string): Promise<void> {
  await deleteIncompleteFile(pool, id).catch(() => undefined);
  if (settings.objectStore) await settings.objectStore.delete(id).catch(() => undefined);
}

async function removeAbandonedUploads(pool: pg.Pool, settings: FileSettings, accountId: string): Promise<void> {
  for (const row of await deleteAbandonedUploads(pool, accountId)) {
    if (row.storage === 's3' && settings.objectStore) await settings.objectStore.delete(row.id).catch(() => undefined);
  }
}

async function store(pool: pg.Pool, settings: FileSettings, id: string, body: AsyncIterable<Buffer>): Promise<void> {
  if (settings.objectStore) {
    await settings.objectStore.put(id, body);
    return;
  }
  let seq = 0;
  for await (const piece of inPieces(body)) {
    await insertChunk(pool, id, seq, piece);
    seq += 1;
  }
}

/** A file of one account by id, or undefined (another account's file is as absent as an unknown one). */
export async function findFile(pool: pg.Pool, accountId: string, fileId: string): Promise<StoredFile | undefined> {
  const row = await readFileOfAccount(pool, accountId, fileId);
  return row ? toStoredFile(row) : undefined;
}

/** The bytes of a stored file. */
export async function openContent(pool: pg.Pool, settings: FileSettings, file: StoredFile): Promise<Readable> {
  try {
    if (file.storage === 's3') {
      if (!settings.objectStore) throw new Error('file kept in S3 but no object store is configured');
      return await settings.objectStore.get(file.id);
    }
    return readChunks(pool, file.id);
  } catch (e) {
    throw Object.assign(fileErrors.openFile(), { cause: e });
  }
}

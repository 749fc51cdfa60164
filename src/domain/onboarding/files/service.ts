import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { RequestContext } from '../../../platform/context';
import { isDomainError } from '../../../platform/errors/domain-error';
import { fileErrors } from './errors';
import { inPieces, insertChunk, readChunks } from './pg-store';
import { checkFileName, checkNotes, decideType, MAX_FILE_BYTES, MEDIA_TYPES, SNIFF_BYTES, typeByName, type FileType } from './rules';
import type { FileSettings } from './settings';
import { FILE_COLUMNS, toStoredFile, type StoredFile, type StoredFileRow } from './view';

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

async function usage(client: pg.PoolClient | pg.Pool, accountId: string): Promise<{ count: number; bytes: number }> {
  const r = await client.query<{ count: string; bytes: string }>(
    'SELECT count(*)::text AS count, coalesce(sum(size), 0)::text AS bytes FROM files WHERE account_id = $1',
    [accountId],
  );
  return { count: Number(r.rows[0]!.count), bytes: Number(r.rows[0]!.bytes) };
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

/** Incomplete rows older than this (real time) are a crashed upload's leftovers. */
const ABANDONED_UPLOAD_SQL = "upload_started_at < now() - interval '1 hour'";

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
  const before = await usage(ctx.db.pool, accountId);
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
    await ctx.db.pool.query(
      `INSERT INTO files (id, account_id, file_name, file_type, media_type, size, notes, storage, created_at, complete)
       VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, false)`,
      [id, accountId, fileName, fileType, MEDIA_TYPES[fileType], notes ?? null, settings.objectStore ? 's3' : 'postgres', ctx.clock.now()],
    );
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
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('files:' || $1::text, 0))", [accountId]);
    const now = await usage(client, accountId);
    // `now` counts this row (and other uploads in flight) and the bytes of complete files only.
    if (now.count > settings.quotaCount) throw fileErrors.quotaFiles(settings.quotaCount);
    if (now.bytes + bytes > settings.quotaBytes) throw fileErrors.quotaBytes(settings.quotaBytes);
    const r = await client.query<StoredFileRow>(`UPDATE files SET size = $2, complete = true WHERE id = $1 RETURNING ${FILE_COLUMNS}`, [id, bytes]);
    await client.query('COMMIT');
    return toStoredFile(r.rows[0]!);
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** Removes an upload that did not complete: its row, its pieces (cascade) and its object. */
async function discard(pool: pg.Pool, settings: FileSettings, id: string): Promise<void> {
  await pool.query('DELETE FROM files WHERE id = $1 AND NOT complete', [id]).catch(() => undefined);
  if (settings.objectStore) await settings.objectStore.delete(id).catch(() => undefined);
}

async function removeAbandonedUploads(pool: pg.Pool, settings: FileSettings, accountId: string): Promise<void> {
  const r = await pool.query<{ id: string; storage: string }>(
    `DELETE FROM files WHERE account_id = $1 AND NOT complete AND ${ABANDONED_UPLOAD_SQL} RETURNING id, storage`,
    [accountId],
  );
  for (const row of r.rows) {
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
  const r = await pool.query<StoredFileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE account_id = $1 AND id = $2 AND complete`, [accountId, fileId]);
  return r.rows[0] ? toStoredFile(r.rows[0]) : undefined;
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

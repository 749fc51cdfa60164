import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { RequestContext } from '../context';
import { isDomainError } from '../errors/domain-error';
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

/**
 * AF6: validates the name and notes, types the content by its first bytes, then streams it into
 * the store in pieces. The row and (in PostgreSQL) its chunks commit together; the quota is
 * checked up front, while streaming, and finally under a per-account advisory lock so that two
 * concurrent uploads cannot both squeeze under it.
 */
export async function uploadFile(ctx: RequestContext, settings: FileSettings, src: UploadSource): Promise<StoredFile> {
  const notes = checkNotes(src.notes);
  const fileName = checkFileName(src.fileName);
  typeByName(fileName);
  const accountId = ctx.acting.id;
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
  const client = await ctx.db.pool.connect();
  let stored = false;
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO files (id, account_id, file_name, file_type, media_type, size, notes, storage, created_at)
       VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8)`,
      [id, accountId, fileName, fileType, MEDIA_TYPES[fileType], notes ?? null, settings.objectStore ? 's3' : 'postgres', ctx.clock.now()],
    );
    await store(client, settings, id, body);
    stored = true;
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('files:' || $1::text, 0))", [accountId]);
    const now = await usage(client, accountId);
    // `now` counts this row (size 0 so far).
    if (now.count > settings.quotaCount) throw fileErrors.quotaFiles(settings.quotaCount);
    if (now.bytes + seen.bytes > settings.quotaBytes) throw fileErrors.quotaBytes(settings.quotaBytes);
    const r = await client.query<StoredFileRow>(`UPDATE files SET size = $2 WHERE id = $1 RETURNING ${FILE_COLUMNS}`, [id, seen.bytes]);
    await client.query('COMMIT');
    return toStoredFile(r.rows[0]!);
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    if (stored && settings.objectStore) await settings.objectStore.delete(id).catch(() => undefined);
    if (isDomainError(e)) throw e;
    throw Object.assign(fileErrors.uploadFile(), { cause: e });
  } finally {
    client.release();
  }
}

async function store(client: pg.PoolClient, settings: FileSettings, id: string, body: AsyncIterable<Buffer>): Promise<void> {
  if (settings.objectStore) {
    await settings.objectStore.put(id, body);
    return;
  }
  let seq = 0;
  for await (const piece of inPieces(body)) {
    await insertChunk(client, id, seq, piece);
    seq += 1;
  }
}

/** A file of one account by id, or undefined (another account's file is as absent as an unknown one). */
export async function findFile(pool: pg.Pool, accountId: string, fileId: string): Promise<StoredFile | undefined> {
  const r = await pool.query<StoredFileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE account_id = $1 AND id = $2`, [accountId, fileId]);
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

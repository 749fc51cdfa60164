import { Readable } from 'node:stream';
import type pg from 'pg';
import type { FileType } from './rules';
import type { StoredFileRow } from './view';

const FILE_COLUMNS = 'id, account_id, file_name, file_type, media_type, size::text AS size, notes, storage, created_at';

/** Incomplete rows older than this (real time) are a crashed upload's leftovers. */
const ABANDONED_UPLOAD_SQL = "upload_started_at < now() - interval '1 hour'";

/** What the account's files take: how many rows (complete or in flight) and the bytes of complete ones. */
export interface FileUsage {
  count: number;
  bytes: number;
}

export async function usageOf(client: pg.PoolClient | pg.Pool, accountId: string): Promise<FileUsage> {
  const r = await client.query<{ count: string; bytes: string }>(
    'SELECT count(*)::text AS count, coalesce(sum(size), 0)::text AS bytes FROM files WHERE account_id = $1',
    [accountId],
  );
  return { count: Number(r.rows[0]!.count), bytes: Number(r.rows[0]!.bytes) };
}

/** The row of an upload starting: incomplete, so invisible to every reader until markFileComplete. */
export async function insertIncompleteFile(
  pool: pg.Pool,
  f: { id: string; accountId: string; fileName: string; fileType: FileType; mediaType: string; notes: string | null; storage: 's3' | 'postgres'; createdAt: Date },
): Promise<void> {
  await pool.query(
    `INSERT INTO files (id, account_id, file_name, file_type, media_type, size, notes, storage, created_at, complete)
       VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, false)`,
    [f.id, f.accountId, f.fileName, f.fileType, f.mediaType, f.notes, f.storage, f.createdAt],
  );
}

/**
 * In one short transaction under the account's advisory lock (so two concurrent uploads cannot both
 * squeeze under the quota): `check` sees the account's usage and may refuse by throwing, then the
 * file gets its size and becomes visible.
 */
export async function markFileComplete(pool: pg.Pool, accountId: string, id: string, bytes: number, check: (usage: FileUsage) => void): Promise<StoredFileRow> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('files:' || $1::text, 0))", [accountId]);
    check(await usageOf(client, accountId));
    const r = await client.query<StoredFileRow>(`UPDATE files SET size = $2, complete = true WHERE id = $1 RETURNING ${FILE_COLUMNS}`, [id, bytes]);
    await client.query('COMMIT');
    return r.rows[0]!;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** Deletes an upload's row (its pieces cascade) unless it completed. */
export async function deleteIncompleteFile(pool: pg.Pool, id: string): Promise<void> {
  await pool.query('DELETE FROM files WHERE id = $1 AND NOT complete', [id]);
}

/** Deletes the account's abandoned uploads; answers them, for their objects to be removed too. */
export async function deleteAbandonedUploads(pool: pg.Pool, accountId: string): Promise<{ id: string; storage: string }[]> {
  const r = await pool.query<{ id: string; storage: string }>(
    `DELETE FROM files WHERE account_id = $1 AND NOT complete AND ${ABANDONED_UPLOAD_SQL} RETURNING id, storage`,
    [accountId],
  );
  return r.rows;
}

/** A complete file of the account, or undefined. */
export async function readFileOfAccount(pool: pg.Pool, accountId: string, fileId: string): Promise<StoredFileRow | undefined> {
  const r = await pool.query<StoredFileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE account_id = $1 AND id = $2 AND complete`, [accountId, fileId]);
  return r.rows[0];
}

/** The account's complete files among these (well-formed) ids. */
export async function readFilesOfAccount(pool: pg.Pool, accountId: string, fileIds: string[]): Promise<StoredFileRow[]> {
  const r = await pool.query<StoredFileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE account_id = $1 AND id = ANY($2::uuid[]) AND complete`, [
    accountId,
    fileIds,
  ]);
  return r.rows;
}

/** The ids among these (well-formed) ones that are complete files of the account. */
export async function fileIdsOfAccount(pool: pg.Pool, accountId: string, ids: string[]): Promise<string[]> {
  const r = await pool.query<{ id: string }>('SELECT id FROM files WHERE account_id = $1 AND id = ANY($2::uuid[]) AND complete', [accountId, ids]);
  return r.rows.map((row) => row.id);
}

/** The complete files among these (well-formed) ids, whoever uploaded them. */
export async function readFilesByIds(pool: pg.Pool, ids: string[]): Promise<StoredFileRow[]> {
  const r = await pool.query<StoredFileRow>(`SELECT ${FILE_COLUMNS} FROM files WHERE id = ANY($1::uuid[]) AND complete`, [ids]);
  return r.rows;
}

/**
 * Files kept in PostgreSQL (the default): the bytes in `file_chunks`, pieces of at most
 * CHUNK_BYTES in `seq` order, so no step ever holds more than one piece of a file in memory and
 * every API process on the database serves every file. Chosen over large objects because rows
 * follow the normal tenancy, cascade and backup rules and need no lo_* privileges or cleanup.
 */
export const CHUNK_BYTES = 256 * 1024;

/** Inserts one piece, a statement of its own (the upload holds no transaction while it streams). */
export async function insertChunk(client: pg.Pool | pg.PoolClient, fileId: string, seq: number, data: Buffer): Promise<void> {
  await client.query('INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [fileId, seq, data]);
}

/** A stream of a committed file's bytes, reading one piece per query (rows never change once committed). */
export function readChunks(pool: pg.Pool, fileId: string): Readable {
  async function* pieces(): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq += 1) {
      const r = await pool.query<{ data: Buffer }>('SELECT data FROM file_chunks WHERE file_id = $1 AND seq = $2', [fileId, seq]);
      const row = r.rows[0];
      if (!row) return;
      yield row.data;
    }
  }
  return Readable.from(pieces(), { objectMode: false });
}

/** Groups a stream of small buffers into pieces of CHUNK_BYTES (the last one shorter). */
export async function* inPieces(source: AsyncIterable<Buffer>, size = CHUNK_BYTES): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let held = 0;
  for await (const buf of source) {
    let rest = buf;
    while (held + rest.length >= size) {
      const take = size - held;
      parts.push(rest.subarray(0, take));
      yield Buffer.concat(parts, size);
      parts = [];
      held = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      parts.push(rest);
      held += rest.length;
    }
  }
  if (held > 0) yield Buffer.concat(parts, held);
}

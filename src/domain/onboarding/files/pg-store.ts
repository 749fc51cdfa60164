import { Readable } from 'node:stream';
import type pg from 'pg';

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

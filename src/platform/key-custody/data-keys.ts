import fs from 'node:fs/promises';
import type { Database } from '../db/client';
import { loadKek, type Kek, type KekSettings } from './kek';
import { generateNamedKey, type NamedKey } from './key-list';
import { kekIdOf, openWithKek, sealWithKek } from './wrap';

/**
 * Data keys in envelope encryption: each is kept in the database (`data_keys`) only wrapped by the
 * key-encryption key (kek.ts), which is never stored with it. Processes sharing a database share
 * the keys; a copy of the database, of the data directory or of a backup holds no key in clear.
 *
 * - `card-data`: the card data root keys (card-data/keys.ts), newest first; the newest seals and
 *   keys new hashes, all of them open and check what they keyed.
 * - `jwt-signing`: the HS256 key of access tokens (auth/signing-key.ts).
 *
 * Configured keys (PAYRAIL_CARD_DATA_KEYS, PAYRAIL_JWT_SECRET) bypass the store: they come from the
 * operator's own custody. Keys that earlier versions kept in clear in the data directory
 * (`card-data-keys`, `jwt-signing-key`) are imported at the first start and their files removed.
 */
export type DataKeyPurpose = 'card-data' | 'jwt-signing';

/** A file an earlier version kept a purpose's keys in, in clear, and how to read it. */
export interface LegacyKeyFile {
  path: string;
  parse(text: string): NamedKey[];
}

export interface KeyCustody {
  /** The KEK, loaded (and, in sandbox mode with nothing set, created) on first use. */
  kek(): Promise<Kek>;
  /** The purpose's keys, newest first; a first start imports the legacy file or makes one key. */
  keys(purpose: DataKeyPurpose, legacy?: LegacyKeyFile): Promise<NamedKey[]>;
  /** A new key, newest from now on (running processes take it at their next start). */
  add(purpose: DataKeyPurpose): Promise<NamedKey>;
  /** Removes a key that nothing needs any more (the caller checks what still uses it). */
  remove(purpose: DataKeyPurpose, id: string): Promise<void>;
  /** Wraps every key under the newest KEK: the step that lets an older KEK leave the list. */
  rewrap(): Promise<{ kekId: string; rewrapped: number }>;
}

interface Row {
  id: string;
  wrapped: string;
}

const subjectOf = (purpose: DataKeyPurpose, id: string) => ({ purpose: `data-key/${purpose}` as const, subject: id });

function unwrap(kek: Kek, purpose: DataKeyPurpose, row: Row): NamedKey {
  const { purpose: p, subject } = subjectOf(purpose, row.id);
  return { id: row.id, secret: openWithKek(kek, p, subject, row.wrapped) };
}

function wrap(kek: Kek, purpose: DataKeyPurpose, key: NamedKey): string {
  const { purpose: p, subject } = subjectOf(purpose, key.id);
  return sealWithKek(kek, p, subject, key.secret);
}

async function readLegacy(legacy: LegacyKeyFile | undefined): Promise<NamedKey[] | undefined> {
  if (!legacy) return undefined;
  try {
    return legacy.parse(await fs.readFile(legacy.path, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

async function removeLegacy(legacy: LegacyKeyFile | undefined): Promise<void> {
  if (!legacy) return;
  await fs.rm(legacy.path, { force: true });
}

export function keyCustody(db: Database, settings: KekSettings): KeyCustody {
  let kekLoaded: Promise<Kek> | undefined;
  const kek = () => (kekLoaded ??= loadKek(settings));

  const read = async (purpose: DataKeyPurpose): Promise<Row[]> =>
    (await db.pool.query<Row>('SELECT id, wrapped FROM data_keys WHERE purpose = $1 ORDER BY created_at DESC, id DESC', [purpose])).rows;

  /**
   * Inserts keys as the purpose's newest, in list order (the first newest), under the purpose's
   * advisory lock; `onlyIfEmpty` makes a first start's import or generation happen once when
   * processes start together. Answers whether it wrote.
   */
  const insert = async (purpose: DataKeyPurpose, keys: NamedKey[], onlyIfEmpty: boolean): Promise<boolean> => {
    const k = await kek();
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT pg_advisory_xact_lock(hashtextextended('payrail:data-keys:' || $1, 0))", [purpose]);
      const existing = (await client.query<{ id: string }>('SELECT id FROM data_keys WHERE purpose = $1', [purpose])).rows;
      if (onlyIfEmpty && existing.length > 0) {
        await client.query('ROLLBACK');
        return false;
      }
      const known = new Set(existing.map((r) => r.id));
      const fresh = keys.filter((key) => !known.has(key.id));
      for (const [i, key] of fresh.entries()) {
        // Later list entries are older: each a millisecond before the one it follows (now() is the transaction's start).
        await client.query(
          `INSERT INTO data_keys (purpose, id, wrapped, kek_id, created_at) VALUES ($1, $2, $3, $4, now() - make_interval(secs => $5::float8 / 1000))`,
          [purpose, key.id, wrap(k, purpose, key), k.currentId, i],
        );
      }
      await client.query('COMMIT');
      return fresh.length > 0;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  };

  return {
    kek,

    async keys(purpose, legacy) {
      let rows = await read(purpose);
      const inClear = await readLegacy(legacy);
      if (rows.length === 0 || inClear) {
        // A first start (or a key file an operator still writes): its keys join the store, the file goes.
        await insert(purpose, inClear ?? [generateNamedKey()], inClear === undefined);
        await removeLegacy(legacy);
        rows = await read(purpose);
      }
      const k = await kek();
      return rows.map((row) => unwrap(k, purpose, row));
    },

    async add(purpose) {
      const key = generateNamedKey();
      await insert(purpose, [key], false);
      return key;
    },

    async remove(purpose, id) {
      const rows = await read(purpose);
      if (!rows.some((r) => r.id === id)) throw new Error(`no ${purpose} key ${id}`);
      if (rows.length === 1) throw new Error(`${id} is the only ${purpose} key`);
      await db.pool.query('DELETE FROM data_keys WHERE purpose = $1 AND id = $2', [purpose, id]);
    },

    async rewrap() {
      const k = await kek();
      const rows = (await db.pool.query<Row & { purpose: DataKeyPurpose }>('SELECT purpose, id, wrapped FROM data_keys')).rows;
      let rewrapped = 0;
      for (const row of rows) {
        if (kekIdOf(row.wrapped) === k.currentId) continue;
        const wrapped = wrap(k, row.purpose, unwrap(k, row.purpose, row));
        await db.pool.query('UPDATE data_keys SET wrapped = $3, kek_id = $4 WHERE purpose = $1 AND id = $2 AND wrapped = $5', [row.purpose, row.id, wrapped, k.currentId, row.wrapped]);
        rewrapped++;
      }
      return { kekId: k.currentId, rewrapped };
    },
  };
}

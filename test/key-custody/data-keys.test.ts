import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSigningKey } from '../../src/platform/auth/signing-key';
import { CARD_DATA_KEY_FILE, loadCardDataKeys } from '../../src/platform/sealing/keys';
import { openPan, sealPan } from '../../src/platform/sealing/seal';
import { keyCustody } from '../../src/platform/key-custody/data-keys';
import type { KekSettings } from '../../src/platform/key-custody/kek';
import { createDatabase, type ServiceDatabase } from '../../src/database';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const line = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const KEK1 = line('kek1');
const KEK2 = line('kek2');

let tdb: TestDatabase;
let db: ServiceDatabase;
let dir: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = createDatabase(tdb.url, { poolSize: 4 });
});
afterAll(async () => {
  await db.close();
  await tdb.drop();
});
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-data-keys-'));
  await db.pool.query('DELETE FROM data_keys');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const settings = (value: string): KekSettings => ({ value, file: undefined, command: undefined, defaultFile: path.join(dir, 'unused-kek'), mode: 'sandbox', dataDir: path.join(dir, 'data') });
const custodyWith = (kek: string) => keyCustody(db, settings(kek));
const stored = async () => (await db.pool.query<{ purpose: string; id: string; wrapped: string; kek_id: string }>('SELECT purpose, id, wrapped, kek_id FROM data_keys ORDER BY created_at DESC')).rows;

describe('data keys in envelope encryption', () => {
  it('a first start makes one card data key, kept only wrapped; every process on the database gets the same keys', async () => {
    const dataDir = path.join(dir, 'data');
    const [a, b] = await Promise.all([
      loadCardDataKeys({ dataDir, custody: custodyWith(KEK1) }),
      loadCardDataKeys({ dataDir, custody: custodyWith(KEK1) }),
    ]);
    expect(b.currentKeyId).toBe(a.currentKeyId);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'card-data', id: a.currentKeyId, kek_id: 'kek1' });
    expect(rows[0]!.wrapped).toMatch(/^v1:kek1:/);
    const card = randomUUID();
    expect(openPan(b, card, sealPan(a, card, '5277351234567897').value)).toBe('5277351234567897');
    expect(fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : []).toEqual([]);
  });

  it('without its KEK the store opens nothing', async () => {
    await loadCardDataKeys({ dataDir: dir, custody: custodyWith(KEK1) });
    await expect(loadCardDataKeys({ dataDir: dir, custody: custodyWith(KEK2) })).rejects.toThrow(/does not open with the key-encryption key/);
  });

  it('imports the keys an earlier version kept in clear in the data directory, in their order, then removes the files', async () => {
    const dataDir = path.join(dir, 'data');
    fs.mkdirSync(dataDir);
    const [newer, older] = [line('b'), line('a')];
    fs.writeFileSync(path.join(dataDir, CARD_DATA_KEY_FILE), `${newer}\n${older}\n`, { mode: 0o600 });
    const jwt = randomBytes(32).toString('base64');
    fs.writeFileSync(path.join(dataDir, 'jwt-signing-key'), `${jwt}\n`, { mode: 0o600 });

    const custody = custodyWith(KEK1);
    const ring = await loadCardDataKeys({ dataDir, custody });
    const signing = await loadSigningKey({ dataDir, custody });
    expect([ring.currentKeyId, ring.keyIds]).toEqual(['b', ['b', 'a']]);
    expect(Buffer.from(signing).toString('base64')).toBe(jwt);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    // What the old files' keys sealed still opens.
    const fromFile = await loadCardDataKeys({ configured: `${newer},${older}`, dataDir, custody });
    const card = randomUUID();
    expect(openPan(ring, card, sealPan(fromFile, card, '4242424242424242').value)).toBe('4242424242424242');
    // A later start reads the store.
    expect((await loadCardDataKeys({ dataDir, custody: custodyWith(KEK1) })).keyIds).toEqual(['b', 'a']);
  });

  it('KEK rotation: rewrap under the newest KEK, after which the older KEK can leave', async () => {
    const dataDir = path.join(dir, 'data');
    const before = await loadCardDataKeys({ dataDir, custody: custodyWith(KEK1) });
    await loadSigningKey({ dataDir, custody: custodyWith(KEK1) });
    const both = custodyWith(`${KEK2},${KEK1}`);
    expect(await both.rewrap()).toEqual({ kekId: 'kek2', rewrapped: 2 });
    expect(new Set((await stored()).map((r) => r.kek_id))).toEqual(new Set(['kek2']));
    expect(await both.rewrap()).toEqual({ kekId: 'kek2', rewrapped: 0 });
    const after = await loadCardDataKeys({ dataDir, custody: custodyWith(KEK2) });
    expect(after.currentKeyId).toBe(before.currentKeyId);
    await expect(loadCardDataKeys({ dataDir, custody: custodyWith(KEK1) })).rejects.toThrow(/does not open/);
  });
});

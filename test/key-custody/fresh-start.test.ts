import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readState, connectionUrl } from '../../src/ops/embedded-state';
import { parseKeyList } from '../../src/platform/key-custody/key-list';
import { openWithKek } from '../../src/platform/key-custody/wrap';
import type { Kek } from '../../src/platform/key-custody/kek';
import { tempDataDir } from '../support/temp-dirs';
import { SERVER_TEST_TIMEOUT_MS, startServer, stopServer, tokenOver, type ServerProcess } from '../support/server-process';
import { withClient } from '../support/test-database';

// Server processes start here: the file's tests get the time a start may take (support/server-process.ts).
jest.setTimeout(SERVER_TEST_TIMEOUT_MS);

/**
 * `npm start` on a fresh machine with no setting at all: the data keys are made and kept wrapped in
 * the database, the key-encryption key lives in the user's own config directory, and a copy of the
 * data directory (the PostgreSQL cluster included) holds no key and no API key in clear.
 */

const home = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-home-'));
const dataDir = tempDataDir('payrail-custody-');
const legacyDir = tempDataDir('payrail-custody-legacy-');
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const s of running) if (s.child.exitCode === null) await stopServer(s, 'SIGKILL');
  for (const d of [home, dataDir, legacyDir]) fs.rmSync(d, { recursive: true, force: true });
});

async function start(dir: string): Promise<ServerProcess> {
  // No setting at all: HOME alone says where the user's own config directory is.
  const s = await startServer({ PAYRAIL_DATA_DIR: dir, HOME: home, XDG_CONFIG_HOME: '' });
  running.push(s);
  return s;
}

const kekFile = path.join(home, '.config', 'payrail', 'kek');
const kekOf = (): Kek => {
  const keys = parseKeyList(fs.readFileSync(kekFile, 'utf8'), kekFile);
  return { currentId: keys[0]!.id, key: (id) => keys.find((k) => k.id === id)?.secret, source: kekFile };
};

/** The data keys in clear, unwrapped with the KEK from the rows the running server keeps. */
async function dataKeysOf(dir: string): Promise<{ purpose: string; id: string; secret: Buffer }[]> {
  const state = readState(path.join(dir, 'embedded-postgres.json'))!;
  const url = connectionUrl(state, state.port!, 'payrail');
  const rows = await withClient(url, async (c) => (await c.query<{ purpose: string; id: string; wrapped: string }>('SELECT purpose, id, wrapped FROM data_keys')).rows);
  return rows.map((r) => ({ purpose: r.purpose, id: r.id, secret: openWithKek(kekOf(), `data-key/${r.purpose}` as const, r.id, r.wrapped) }));
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : [];
  });
}

/** Every file of the directory that holds one of `needles` (as raw bytes). */
function holding(dir: string, needles: Buffer[]): string[] {
  return filesUnder(dir).filter((f) => {
    const bytes = fs.readFileSync(f);
    return needles.some((n) => bytes.includes(n));
  });
}

const forms = (secret: Buffer): Buffer[] => [secret, Buffer.from(secret.toString('base64')), Buffer.from(secret.toString('base64url')), Buffer.from(secret.toString('hex'))];

describe('key custody on a fresh machine', () => {
  it('npm start needs no setting; the KEK is the user\'s own, outside the data directory; ./data holds no key and no API key', async () => {
    const s = await start(dataDir);
    expect(s.apiKey).toBeDefined();
    expect((await tokenOver(s.base, s.clientId, s.apiKey!)).status).toBe(200);

    expect(fs.statSync(kekFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(kekFile)).mode & 0o777).toBe(0o700);
    const keys = await dataKeysOf(dataDir);
    expect(keys.map((k) => k.purpose).sort()).toEqual(['card-data', 'jwt-signing']);
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, 'sandbox-credentials.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(saved).sort()).toEqual(['accountId', 'apiKeySealed', 'clientId']);

    // Stopped cleanly, the cluster's files are what a copy or a backup of ./data would hold.
    expect(await stopServer(s, 'SIGTERM')).toBe(0);
    const kek = kekOf();
    const needles = [...keys.flatMap((k) => forms(k.secret)), ...forms(kek.key(kek.currentId)!), Buffer.from(s.apiKey!)];
    expect(holding(dataDir, needles).map((f) => path.relative(dataDir, f))).toEqual([]);

    // The next start reads the same keys and still shows the sandbox key.
    const again = await start(dataDir);
    expect(again.apiKey).toBe(s.apiKey);
    expect((await dataKeysOf(dataDir)).map((k) => k.id).sort()).toEqual(keys.map((k) => k.id).sort());
    expect(await stopServer(again, 'SIGTERM')).toBe(0);
  });

  it('a data directory of an earlier version: its clear keys are taken into custody, the clear files go', async () => {
    const cardKey = randomBytes(32);
    const jwt = randomBytes(32);
    fs.writeFileSync(path.join(legacyDir, 'card-data-keys'), `old1:${cardKey.toString('base64')}\n`, { mode: 0o600 });
    fs.writeFileSync(path.join(legacyDir, 'jwt-signing-key'), `${jwt.toString('base64')}\n`, { mode: 0o600 });
    const s = await start(legacyDir);
    const keys = await dataKeysOf(legacyDir);
    expect(keys.find((k) => k.purpose === 'card-data')).toEqual({ purpose: 'card-data', id: 'old1', secret: cardKey });
    expect(keys.find((k) => k.purpose === 'jwt-signing')!.secret).toEqual(jwt);
    expect(fs.existsSync(path.join(legacyDir, 'card-data-keys'))).toBe(false);
    expect(fs.existsSync(path.join(legacyDir, 'jwt-signing-key'))).toBe(false);
    expect(await stopServer(s, 'SIGTERM')).toBe(0);
    expect(holding(legacyDir, [...forms(cardKey), ...forms(jwt)])).toEqual([]);
  });
});

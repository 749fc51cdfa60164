import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KekError, loadKek, type KekSettings } from '../../src/platform/key-custody/kek';
import { KekSealError, openWithKek, sealWithKek } from '../../src/platform/key-custody/wrap';

const line = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

let dir: string;
let settings: KekSettings;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-kek-'));
  settings = {
    value: undefined,
    file: undefined,
    command: undefined,
    defaultFile: path.join(dir, 'home', '.config', 'payrail', 'kek'),
    mode: 'sandbox',
    dataDir: path.join(dir, 'data'),
  };
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the key-encryption key: where it comes from', () => {
  it('PAYRAIL_KEK: the first key of the list wraps, every key unwraps', async () => {
    const [a, b] = [line('new'), line('old')];
    const kek = await loadKek({ ...settings, value: `${a},${b}` });
    expect(kek.currentId).toBe('new');
    expect(kek.key('old')!.toString('base64')).toBe(b.slice('old:'.length));
    expect(kek.key('new')!.toString('base64')).toBe(a.slice('new:'.length));
  });

  it('PAYRAIL_KEK_FILE: a file outside the data directory, never one inside it', async () => {
    const file = path.join(dir, 'secrets', 'kek');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, `# mounted secret\n${line('f1')}\n`);
    expect((await loadKek({ ...settings, file })).currentId).toBe('f1');
    const insideData = path.join(settings.dataDir, 'kek');
    await expect(loadKek({ ...settings, file: insideData })).rejects.toThrow(/inside the data directory/);
  });

  it('PAYRAIL_KEK_COMMAND: the KMS hook prints the list; a failure never echoes its output', async () => {
    const key = line('kms1');
    expect((await loadKek({ ...settings, command: `printf '%s\\n' '${key}'` })).currentId).toBe('kms1');
    const failed = loadKek({ ...settings, command: `echo '${key}'; exit 3` });
    await expect(failed).rejects.toBeInstanceOf(KekError);
    await expect(failed).rejects.toThrow(/exit 3/);
    await expect(loadKek({ ...settings, command: `echo '${key}'; exit 3` })).rejects.not.toThrow(key.split(':')[1]!);
  });

  it('refuses two sources at once, and a malformed list', async () => {
    await expect(loadKek({ ...settings, value: line('a'), command: 'true' })).rejects.toThrow(/PAYRAIL_KEK and PAYRAIL_KEK_COMMAND/);
    await expect(loadKek({ ...settings, value: 'a:short' })).rejects.toThrow(/not 32 bytes/);
  });

  it('production mode: refuses to start without one of the three', async () => {
    await expect(loadKek({ ...settings, mode: 'production' })).rejects.toThrow(/PAYRAIL_MODE=production needs a key-encryption key/);
    expect(fs.existsSync(settings.defaultFile)).toBe(false);
  });

  it("sandbox mode with nothing set: the user's own file, made once (0600 in a 0700 directory), read by every later and racing load", async () => {
    // Twenty loads at once: every one reads the same whole key, none the name before its key is in it.
    const [first, ...others] = await Promise.all(Array.from({ length: 20 }, () => loadKek(settings)));
    for (const other of others) {
      expect(other.currentId).toBe(first!.currentId);
      expect(first!.key(first!.currentId)!.equals(other.key(other.currentId)!)).toBe(true);
    }
    expect(fs.readdirSync(path.dirname(settings.defaultFile))).toEqual(['kek']);
    expect(fs.statSync(settings.defaultFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(settings.defaultFile)).mode & 0o777).toBe(0o700);
    expect((await loadKek(settings)).currentId).toBe(first!.currentId);
    // Never in the data directory; and a reader (the CLI) never makes one.
    await expect(loadKek({ ...settings, defaultFile: path.join(settings.dataDir, 'kek') })).rejects.toThrow(/inside the data directory/);
    await expect(loadKek({ ...settings, defaultFile: path.join(dir, 'other', 'kek') }, { create: false })).rejects.toThrow(/does not exist/);
  });
});

describe('what the KEK seals', () => {
  it('opens under any key of its list, bound to its purpose and subject', async () => {
    const old = await loadKek({ ...settings, value: line('k1') });
    const sealed = sealWithKek(old, 'data-key/card-data', 'root1', Buffer.from('secret bytes'));
    expect(sealed.startsWith('v1:k1:')).toBe(true);
    expect(sealed).not.toContain(Buffer.from('secret bytes').toString('base64'));
    // A KEK list with a newer key first still opens what the older one sealed.
    const both = { currentId: 'k2', key: (id: string) => (id === 'k1' ? old.key('k1') : randomBytes(32)), source: 't' };
    expect(openWithKek(both, 'data-key/card-data', 'root1', sealed).toString()).toBe('secret bytes');
    expect(() => openWithKek(old, 'data-key/card-data', 'root2', sealed)).toThrow(KekSealError);
    expect(() => openWithKek(old, 'data-key/jwt-signing', 'root1', sealed)).toThrow(KekSealError);
    const other = await loadKek({ ...settings, value: line('k1') });
    expect(() => openWithKek(other, 'data-key/card-data', 'root1', sealed)).toThrow(KekSealError);
  });
});

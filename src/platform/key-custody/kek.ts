import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { StartupError } from '../runtime/startup-error';
import { generateNamedKey, keyLine, parseKeyList, type NamedKey } from './key-list';

/**
 * The key-encryption key (KEK): it wraps every data key payrail keeps (the card data root keys, the
 * JWT signing key; data-keys.ts) and seals the sandbox credentials file, and it never lies next to
 * what it protects. A copy of the data directory, of the PostgreSQL cluster or of a backup holds the
 * wrapped keys and the ciphertext, never the KEK.
 *
 * Where it comes from, the first of:
 * - PAYRAIL_KEK: the key list itself (`<id>:<base64 of 32 bytes>`, newest first);
 * - PAYRAIL_KEK_FILE: a file holding that list (a mounted secret, a path outside the data directory);
 * - PAYRAIL_KEK_COMMAND: a command that prints that list (the KMS hook: a cloud secret manager's or
 *   Vault's CLI, an HSM client), run once at start;
 * - in sandbox mode only, the user's own file `$XDG_CONFIG_HOME/payrail/kek` (default
 *   `~/.config/payrail/kek`), made once with mode 0600 in a 0700 directory: outside the checkout,
 *   the data directory and the cluster, so `npm start` on a fresh machine needs no setting and a
 *   copy of ./data still holds no key. Production mode refuses to start without one of the three.
 * The first key of the list wraps; every key of the list unwraps (rotation: docs/security.md).
 */
export interface Kek {
  currentId: string;
  key(id: string): Buffer | undefined;
  /** Where the KEK came from, for messages (never the key). */
  source: string;
}

export interface KekSettings {
  value: string | undefined;
  file: string | undefined;
  command: string | undefined;
  /** The sandbox's own KEK file when none of the three is set. */
  defaultFile: string;
  mode: 'sandbox' | 'production';
  dataDir: string;
}

/** A KEK payrail cannot use, or none where one is required: the operator must act before start. */
export class KekError extends StartupError {
  constructor(problem: string) {
    super(problem, 'set one of PAYRAIL_KEK, PAYRAIL_KEK_FILE or PAYRAIL_KEK_COMMAND (docs/security.md, "Secrets, key custody and rotation")');
    this.name = 'KekError';
  }
}

const COMMAND_TIMEOUT_MS = 30_000;

function kekOf(keys: NamedKey[], source: string): Kek {
  const byId = new Map(keys.map((k) => [k.id, k.secret]));
  return { currentId: keys[0]!.id, key: (id) => byId.get(id), source };
}

function parsed(text: string, source: string): Kek {
  try {
    return kekOf(parseKeyList(text, source), source);
  } catch (e) {
    throw new KekError((e as Error).message);
  }
}

const inside = (dir: string, file: string): boolean => {
  const rel = path.relative(path.resolve(dir), path.resolve(file));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** Loads the KEK; in sandbox mode with nothing set, creates the user's own KEK file on first use. */
export async function loadKek(s: KekSettings, opts: { create?: boolean } = {}): Promise<Kek> {
  const set = [s.value && 'PAYRAIL_KEK', s.file && 'PAYRAIL_KEK_FILE', s.command && 'PAYRAIL_KEK_COMMAND'].filter(Boolean);
  if (set.length > 1) throw new KekError(`${set.join(' and ')} are both set: set one`);
  if (s.value) return parsed(s.value, 'PAYRAIL_KEK');
  if (s.file) {
    if (inside(s.dataDir, s.file)) throw new KekError(`PAYRAIL_KEK_FILE ${s.file} lies inside the data directory, next to what it protects`);
    let text: string;
    try {
      text = await fs.readFile(s.file, 'utf8');
    } catch (e) {
      throw new KekError(`PAYRAIL_KEK_FILE ${s.file}: ${(e as Error).message}`);
    }
    return parsed(text, `PAYRAIL_KEK_FILE ${s.file}`);
  }
  if (s.command) {
    let out: string;
    try {
      out = (await promisify(execFile)('/bin/sh', ['-c', s.command], { timeout: COMMAND_TIMEOUT_MS, maxBuffer: 64 * 1024 })).stdout;
    } catch (e) {
      // The command's own output may hold a key: only its exit is reported.
      const code = (e as { code?: unknown }).code;
      throw new KekError(`PAYRAIL_KEK_COMMAND failed (${typeof code === 'number' ? `exit ${code}` : String(code ?? 'no output')})`);
    }
    return parsed(out, 'PAYRAIL_KEK_COMMAND');
  }
  if (s.mode === 'production') throw new KekError('PAYRAIL_MODE=production needs a key-encryption key kept outside the data directory and its backups');
  if (inside(s.dataDir, s.defaultFile)) throw new KekError(`the default KEK file ${s.defaultFile} would lie inside the data directory ${s.dataDir}`);
  return parsed(await readOrCreateDefault(s.defaultFile, opts.create ?? true), s.defaultFile);
}

/**
 * The sandbox's KEK file: read when present, otherwise created once (0600), in a directory only its
 * owner may enter. The key is written whole to a file of its own first and then linked into place:
 * the link fails when the name exists, so when two processes race the first file wins and both read
 * it, and nobody ever reads the name before its key is in it (an O_EXCL create would show it empty).
 */
async function readOrCreateDefault(file: string, create: boolean): Promise<string> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new KekError(`${file}: ${(e as Error).message}`);
    if (!create) throw new KekError(`no key-encryption key: ${file} does not exist`);
  }
  const text = `${keyLine(generateNamedKey())}\n`;
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.new`;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fs.writeFile(draft, text, { mode: 0o600, flag: 'wx' });
    await fs.link(draft, file);
    return text;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFile(file, 'utf8');
    throw new KekError(`cannot create the sandbox KEK file ${file}: ${(e as Error).message}`);
  } finally {
    await fs.rm(draft, { force: true });
  }
}

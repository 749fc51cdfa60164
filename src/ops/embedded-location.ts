import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '../platform/runtime/startup-error';
import { lookupIds, packagedPostgres } from './postgres-server';

/**
 * Where the embedded PostgreSQL keeps its cluster.
 *
 * PostgreSQL refuses to run as root, so as root it runs as user "postgres", which must be able to
 * enter every directory above its cluster. A checkout in root's home (0700 in Debian and in the
 * official Node images) cannot hold it, and payrail never loosens the permissions of someone's
 * directories. So as root, when "postgres" cannot enter the data directory, the cluster lives in
 * `<relocationRoot>/<name>-<hash of the data dir>` instead (default /var/lib/payrail), and the
 * data directory's state file records that place; everything else (the state file with the
 * password, the signing key, the sandbox credentials) stays in the data directory. The same holds
 * for the PostgreSQL binaries in node_modules: see postgresNativeDir.
 */
export interface ClusterLocation {
  dir: string;
  /** Set when the cluster lives outside the data directory because "postgres" cannot enter it. */
  relocatedBecause?: string;
}

export interface LocationInput {
  dataDir: string;
  /** PAYRAIL_POSTGRES_DIR: always wins. */
  explicit?: string;
  /** The place the data directory's state file recorded at an earlier start. */
  recorded?: string;
  asRoot: boolean;
  relocationRoot: string;
}

export const DEFAULT_RELOCATION_ROOT = '/var/lib/payrail';
export const POSTGRES_USER = 'postgres';

/**
 * A fresh temp directory for a throw-away embedded PostgreSQL (tests, bench, the migration
 * generator's shadow database). mkdtemp makes it 0700, which "postgres" could not enter, and the
 * cluster would go to the relocation root and outlive the directory; 0711 lets "postgres" pass
 * through (not list), so the cluster stays inside and deleting the directory deletes it all.
 */
export function throwawayDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o711);
  return dir;
}

export function hasCluster(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'PG_VERSION'));
}

export function chooseClusterLocation(input: LocationInput): ClusterLocation {
  const inDataDir = path.join(input.dataDir, 'postgres');
  const previous = input.recorded ?? (hasCluster(inDataDir) ? inDataDir : undefined);
  if (input.explicit) {
    const explicit = path.resolve(input.explicit);
    if (previous && previous !== explicit && hasCluster(previous)) {
      throw new StartupError(
        `the database of ${input.dataDir} is the cluster in ${previous}, but PAYRAIL_POSTGRES_DIR names ${explicit}`,
        `unset PAYRAIL_POSTGRES_DIR to keep using ${previous}, or stop payrail and move that directory to ${explicit}`,
      );
    }
    if (input.asRoot) assertReachable(explicit, 'choose a PAYRAIL_POSTGRES_DIR that user "postgres" can enter (for example under /var/lib), or unset it');
    return { dir: explicit };
  }
  if (input.recorded) {
    if (input.asRoot) assertReachable(input.recorded, `let user "postgres" enter it, or set PAYRAIL_POSTGRES_DIR to where the cluster now lives`);
    const blocked = input.asRoot ? firstUnreachable(input.dataDir) : undefined;
    return { dir: input.recorded, relocatedBecause: blocked && `user "postgres" cannot enter ${blocked}` };
  }
  if (!input.asRoot) return { dir: inDataDir };
  const blocked = firstUnreachable(input.dataDir);
  if (!blocked) return { dir: inDataDir };
  const relocated = path.join(input.relocationRoot, clusterName(input.dataDir));
  if (hasCluster(inDataDir)) {
    throw new StartupError(
      `the cluster in ${inDataDir} cannot be used: PostgreSQL runs as user "postgres", which cannot enter ${blocked}`,
      `stop payrail and move the cluster where "postgres" can reach it: mv ${inDataDir} ${relocated} (payrail finds it there), or set PAYRAIL_POSTGRES_DIR`,
    );
  }
  prepareRelocationRoot(input.relocationRoot, 'the cluster cannot live in the data directory (user "postgres" cannot enter it)');
  return { dir: relocated, relocatedBecause: `user "postgres" cannot enter ${blocked}` };
}

/**
 * The PostgreSQL binaries (bin, lib, share) where the user PostgreSQL runs as can execute them:
 * in node_modules, or, as root when "postgres" cannot enter node_modules (a checkout in /root),
 * a copy in `<relocationRoot>/postgres-<package version>`, made once (into a temp name, then
 * renamed) and shared by every payrail on the machine.
 */
export function postgresNativeDir(asRoot: boolean, relocationRoot: string, packaged = packagedPostgres()): string {
  const { nativeDir, version } = packaged;
  if (!asRoot || !firstUnreachable(nativeDir)) return nativeDir;
  const copy = path.join(relocationRoot, `postgres-${version}`);
  const complete = () => fs.existsSync(path.join(copy, 'bin', 'postgres'));
  if (complete()) return copy;
  prepareRelocationRoot(relocationRoot, `user "postgres" cannot enter ${firstUnreachable(nativeDir)} to run the PostgreSQL binaries`);
  const tmp = `${copy}.tmp-${process.pid}`;
  try {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.cpSync(nativeDir, tmp, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(tmp, 0o755);
    fs.renameSync(tmp, copy);
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    // Another process made the same copy first.
    if (!complete()) {
      throw new StartupError(
        `user "postgres" cannot reach the PostgreSQL binaries in ${nativeDir}, and copying them to ${copy} failed (${error instanceof Error ? error.message : String(error)})`,
        'make room or permissions there, set DATABASE_URL, or put the checkout where user "postgres" can enter',
        { cause: error },
      );
    }
  }
  return copy;
}

/** `<parent>-<data dir name>-<12 hex>`: readable in a listing, unique per data directory. */
export function clusterName(dataDir: string): string {
  const slug = `${path.basename(path.dirname(dataDir))}-${path.basename(dataDir)}`.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[-.]+/, '').slice(0, 40);
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return `${slug || 'data'}-${hash}`;
}

/** The root is created world-enterable (0755) so that "postgres" can reach the 0700 cluster inside. */
function prepareRelocationRoot(root: string, why: string): void {
  try {
    if (!fs.existsSync(root)) {
      fs.mkdirSync(root, { recursive: true, mode: 0o755 });
      fs.chmodSync(root, 0o755); // the umask may have narrowed it
    }
  } catch (error) {
    throw new StartupError(
      `${why}, and ${root} cannot be created (${error instanceof Error ? error.message : String(error)})`,
      'set PAYRAIL_POSTGRES_DIR to a directory user "postgres" can reach, or set DATABASE_URL to use another PostgreSQL',
      { cause: error },
    );
  }
  assertReachable(path.join(root, 'x'), `let user "postgres" enter ${root} (chmod 755 ${root}), or set PAYRAIL_POSTGRES_DIR`);
}

function assertReachable(clusterDir: string, fix: string): void {
  const blocked = firstUnreachable(path.dirname(clusterDir));
  if (blocked) throw new StartupError(`the embedded PostgreSQL runs as user "postgres", which cannot enter ${blocked} above its cluster ${clusterDir}`, fix);
}

/**
 * The first directory from / down to `dir` (inclusive) that user "postgres" may not enter, judged
 * by the permission bits for its uid and primary group (postgres-server.ts starts it with exactly
 * those). A directory that does not exist yet will be created by root with the usual 0755.
 */
export function firstUnreachable(dir: string): string | undefined {
  const ids = lookupIds();
  const parts = path.resolve(dir).split(path.sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const d = path.sep + parts.slice(0, i).join(path.sep);
    let st: fs.Stats;
    try {
      st = fs.statSync(d);
    } catch {
      return undefined;
    }
    const bit = ids && st.uid === ids.uid ? 0o100 : ids && st.gid === ids.gid ? 0o010 : 0o001;
    if ((st.mode & bit) === 0) return d;
  }
  return undefined;
}

import fs from 'node:fs';
import { StartupError } from '../platform/runtime/startup-error';

/** `<dataDir>/embedded-postgres.json`: lets other processes find (or clean up after) the owner. */
export interface StateFile {
  port: number | null;
  ownerPid: number | null;
  user: string;
  password: string;
  /** Set when the cluster lives outside `<dataDir>/postgres`. */
  clusterDir?: string;
}

export function connectionUrl(state: StateFile, port: number, database: string): string {
  return `postgresql://${encodeURIComponent(state.user)}:${encodeURIComponent(state.password)}@127.0.0.1:${port}/${database}`;
}

export function readState(file: string): StateFile | undefined {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  let s: Partial<StateFile>;
  try {
    s = JSON.parse(raw) as Partial<StateFile>;
  } catch {
    s = {};
  }
  if (typeof s.user !== 'string' || typeof s.password !== 'string') {
    throw new StartupError(`${file} is corrupt: its database user or password is missing`, `restore the file from a backup, or move it and the cluster away to start with an empty database`);
  }
  return {
    port: typeof s.port === 'number' ? s.port : null,
    ownerPid: typeof s.ownerPid === 'number' ? s.ownerPid : null,
    user: s.user,
    password: s.password,
    clusterDir: typeof s.clusterDir === 'string' ? s.clusterDir : undefined,
  };
}

/** Atomic replace, readable by root/the owner only: it holds the database password. */
export function writeState(file: string, state: StateFile): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
}

import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from '../platform/runtime/startup-error';

/** Fast shutdown (SIGINT) waits this long before an immediate one (SIGQUIT). */
const SHUTDOWN_TIMEOUT_MS = 30_000;

/** postmaster.pid: line 1 the postmaster pid, line 4 its port. */
export function readPostmasterPid(pgDir: string): { pid: number; port: number | null } | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? { pid, port: Number.isInteger(port) ? port : null } : { pid: -1, port: null };
}

/** Alive and not a zombie (an orphan's zombie lingers when PID 1 does not reap it). */
export function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): kill(0) is all we know
  }
}

/**
 * The pid in postmaster.pid is a live PostgreSQL on this cluster — not a process that got the
 * number after a restart (containers hand out the same small pids every boot).
 */
export function isPostmasterOf(pid: number, pgDir: string): boolean {
  if (pid === process.pid || pid === process.ppid || !isAlive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(pgDir);
  } catch {
    return true; // no /proc (macOS): trust kill(0)
  }
}

/** Fast shutdown (SIGINT), then immediate shutdown (SIGQUIT) if it hangs; waits for exit. */
export async function shutdownPid(pid: number): Promise<void> {
  for (const [signal, waitMs] of [['SIGINT', SHUTDOWN_TIMEOUT_MS], ['SIGQUIT', 10_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // already gone
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isAlive(pid)) return;
      await sleep(50);
    }
  }
  throw new Error(`orphaned PostgreSQL (pid ${pid}) did not shut down`);
}

/**
 * Serialises starters on one dataDir across processes (two servers booting at once must not
 * both start PostgreSQL). O_EXCL lock file holding our pid; a dead holder's lock is taken over.
 */
export async function withStartLock<T>(dataDir: string, timeoutMs: number, fn: () => Promise<T>): Promise<T> {
  const lockPath = path.join(dataDir, 'embedded-postgres.lock');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8') || '0', 10);
      if (!isAlive(holder)) {
        fs.rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new StartupError(`timed out waiting for ${lockPath}, held by pid ${holder}`, `stop that process, or delete the file if no payrail process is running`);
      await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

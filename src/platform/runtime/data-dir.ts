import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from './startup-error';

/**
 * Creates `dir` (and its missing parents) and proves this process can write into it, or throws a
 * StartupError naming the directory, the system's reason and what to do. `setting` names the
 * variable that chose the directory.
 */
export function ensureWritableDir(dir: string, setting: string): void {
  try {
    makeDirs(dir);
    const probe = path.join(dir, `.payrail-write-test-${process.pid}`);
    fs.writeFileSync(probe, '', { flag: 'wx' });
    fs.rmSync(probe, { force: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `the data directory ${dir} is not writable (${reason})`,
      `make it writable for this user (${userName()}), or point ${setting} at a directory that is`,
      { cause: error },
    );
  }
}

/** mkdir -p without `recursive: true`, which spins forever on some paths (under /proc). */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !fs.existsSync(d); d = path.dirname(d)) {
    missing.unshift(d);
    if (d === path.dirname(d)) break;
  }
  for (const d of missing) fs.mkdirSync(d);
}

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh temp directory for an embedded PostgreSQL's data dir. mkdtemp makes it 0700; run as
 * root, PostgreSQL runs as user "postgres", which could not enter it, and payrail would keep the
 * cluster under /var/lib/payrail instead (src/db/embedded-location.ts). 0711 lets "postgres" pass
 * through (not list), so the cluster stays inside, and deleting the directory deletes everything.
 */
export function tempDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o711);
  return dir;
}

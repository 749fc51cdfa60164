import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret kept in the data directory: read when present, otherwise created once. The file is
 * written with mode 0600 and O_EXCL ('wx'): when two processes race on a fresh data directory, the
 * first file wins and both read it, so every process on one data directory shares the secret.
 */
export async function readOrCreateSecretFile(dataDir: string, name: string, generate: () => string): Promise<string> {
  const file = path.join(dataDir, name);
  try {
    return await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const content = generate();
  try {
    await fs.writeFile(file, content, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    return fs.readFile(file, 'utf8');
  }
  return content;
}

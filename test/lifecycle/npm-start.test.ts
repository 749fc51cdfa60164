import fs from 'node:fs';
import path from 'node:path';
import { descendants, isRunning, waitUntilGone } from '../support/processes';
import { copyCheckout, type CheckoutCopy } from '../support/checkout-copy';
import { SERVER_TEST_TIMEOUT_MS, startServer, type ServerProcess } from '../support/server-process';

// `npm start` as a supervisor runs it (systemd, a container runtime, a process manager): the
// signal goes to npm's pid alone, and the server with its PostgreSQL must stop with it. It runs in
// a copy of the checkout: `npm start` rebuilds a stale build, which must not happen to the dist/
// the rest of the suite is running.
jest.setTimeout(SERVER_TEST_TIMEOUT_MS);
let copy: CheckoutCopy;
let dataDir: string;
const running: ServerProcess[] = [];
beforeAll(() => {
  copy = copyCheckout('payrail-npm-start-');
  dataDir = path.join(copy.work, 'data');
});
afterAll(async () => {
  for (const s of running) {
    for (const d of descendants(s.child.pid!)) process.kill(d.pid, 'SIGKILL');
    s.child.kill('SIGKILL');
  }
  copy.remove();
});

const postmasterPid = () => path.join(dataDir, 'postgres', 'postmaster.pid');

async function npmStart(opts: { detached?: boolean } = {}) {
  const s = await startServer({ PAYRAIL_DATA_DIR: dataDir }, { via: 'npm', cwd: copy.checkout, detached: opts.detached });
  running.push(s);
  const tree = descendants(s.child.pid!);
  // npm's child is the server itself (scripts/start.js running dist/src/main.js), not a shell.
  const server = tree.find((p) => p.cmdline.includes('scripts/start.js'));
  expect(server).toBeDefined();
  expect(tree.filter((p) => /\bsh -c\b/.test(p.cmdline))).toEqual([]);
  expect(tree.some((p) => p.cmdline.includes('postgres'))).toBe(true);
  expect(fs.existsSync(postmasterPid())).toBe(true);
  return { s, pids: tree.map((p) => p.pid) };
}

describe('npm start under a supervisor', () => {
  it('SIGTERM to the npm process alone stops the server and its PostgreSQL, and npm exits 0', async () => {
    const { s, pids } = await npmStart();
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    await waitUntilGone(pids);
    // A clean PostgreSQL shutdown removes its pid file.
    expect(fs.existsSync(postmasterPid())).toBe(false);
  });

  it('npm killed outright (SIGKILL): the server notices its parent is gone and stops, PostgreSQL with it', async () => {
    const { s, pids } = await npmStart();
    s.child.kill('SIGKILL');
    await s.exited;
    await waitUntilGone(pids);
    expect(fs.existsSync(postmasterPid())).toBe(false);
  });

  it('Ctrl-C on a terminal (SIGINT to the whole process group, and again from npm) stops everything once, cleanly', async () => {
    const { s, pids } = await npmStart({ detached: true });
    process.kill(-s.child.pid!, 'SIGINT');
    await s.exited;
    await waitUntilGone(pids);
    expect(pids.some(isRunning)).toBe(false);
    expect(fs.existsSync(postmasterPid())).toBe(false);
    expect(s.stdout()).not.toContain('exiting at once');
  });
});

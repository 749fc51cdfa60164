import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { copyCheckout } from '../support/checkout-copy';
import { startServer, stopServer, type ServerProcess } from '../support/server-process';

// `npm start` skips an up-to-date build and rebuilds a changed one. Run in a copy of this built
// checkout, so that editing a source file does not touch the real one.
let work: ReturnType<typeof copyCheckout>;
let copy: string;
let dataDir: string;
const running: ServerProcess[] = [];
// An incremental tsc run takes seconds on an idle machine and minutes on a busy one.
const BUILD_TIMEOUT_MS = 300_000;
jest.setTimeout(BUILD_TIMEOUT_MS);

beforeAll(() => {
  work = copyCheckout('payrail-rebuild-');
  copy = work.checkout;
  dataDir = path.join(work.work, 'data');
});

afterAll(async () => {
  for (const s of running) await stopServer(s);
  work.remove();
});

const check = () => spawnSync(process.execPath, [path.join(copy, 'scripts', 'build.js'), '--check'], { encoding: 'utf8' });
const stamp = () => fs.readFileSync(path.join(copy, 'dist', '.build-stamp.json'), 'utf8');

async function npmStart(): Promise<ServerProcess> {
  const s = await startServer({ PAYRAIL_DATA_DIR: dataDir }, { via: 'npm', cwd: copy, timeoutMs: BUILD_TIMEOUT_MS - 10_000 });
  running.push(s);
  return s;
}

describe('npm start and the build', () => {
  it('a copy of a built checkout is up to date: the build is judged by content, not by file times or place', () => {
    const r = check();
    expect([r.status, r.stdout]).toEqual([0, 'build: up to date\n']);
  });

  it('an unchanged checkout starts without building', async () => {
    const before = stamp();
    const s = await npmStart();
    expect(s.stdout()).not.toContain('building');
    expect(await (await fetch(`${s.base}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await stopServer(s)).toBe(0);
    expect(stamp()).toBe(before);
  });

  it('an edited source file is rebuilt by the next npm start, and the server runs the edit', async () => {
    const health = path.join(copy, 'src', 'ops', 'health.ts');
    fs.writeFileSync(health, fs.readFileSync(health, 'utf8').replace("({ status: 'ok' })", "({ status: 'ok', edited: true })"));
    const stale = check();
    expect(stale.status).toBe(1);
    expect(stale.stdout).toMatch(/out of date: .*tsc/);

    const before = stamp();
    const s = await npmStart();
    expect(s.stdout()).toMatch(/the checkout changed since the last build \(.*tsc.*\), building/);
    expect(await (await fetch(`${s.base}/healthz`)).json()).toEqual({ status: 'ok', edited: true });
    expect(await stopServer(s)).toBe(0);
    expect(stamp()).not.toBe(before);
    expect(check().status).toBe(0);
  });

  it('a source file that does not compile stops npm start with the compiler errors and one message', async () => {
    const health = path.join(copy, 'src', 'ops', 'health.ts');
    fs.appendFileSync(health, '\nexport const broken: number = "not a number";\n');
    const r = spawnSync('npm', ['start'], { cwd: copy, env: { PATH: process.env.PATH, HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME, PAYRAIL_DATA_DIR: dataDir, PORT: '0' }, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout + r.stderr).toContain("error TS2322: Type 'string' is not assignable to type 'number'");
    expect(r.stderr).toContain('payrail could not start: build step tsc failed (exit 2)\n  fix: correct the errors printed above');
  });
});

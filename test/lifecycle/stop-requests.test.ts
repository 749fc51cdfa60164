import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

/**
 * How a process reads its stop signals (src/platform/runtime/stop-requests.ts), in a child of its own that
 * reports what it decided: the first signal stops, npm's late copy of it is the same request, and
 * only a repeat after that (or, without npm, any repeat after the window) forces the exit.
 */
const stopRequests = path.resolve(__dirname, '../../dist/src/platform/runtime/stop-requests.js');

function child(options: { npmForwards: boolean; duplicateWindowMs: number }): {
  proc: ChildProcessWithoutNullStreams;
  lines: string[];
  waitFor: (line: string) => Promise<void>;
} {
  // The report listener is added after onStopRequest's, so "got N" means the request has been read.
  const script = `
    const { onStopRequest } = require(${JSON.stringify(stopRequests)});
    onStopRequest((r) => console.log('stop ' + r), { watchParent: false, ...${JSON.stringify(options)}, onForce: (r) => { console.log('force ' + r); process.exit(3); } });
    let n = 0;
    for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => console.log('got ' + ++n));
    console.log('ready');
    setInterval(() => undefined, 60_000);
  `;
  const proc = spawn(process.execPath, ['-e', script], { env: { ...process.env, npm_lifecycle_event: undefined } });
  const lines: string[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  proc.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts);
    for (const w of waiters.splice(0)) w();
  });
  const waitFor = async (line: string) => {
    while (!lines.includes(line)) {
      if (proc.exitCode !== null) throw new Error(`child exited (${proc.exitCode}) before "${line}": ${lines.join(' | ')}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        proc.once('exit', () => resolve());
      });
    }
  };
  return { proc, lines, waitFor };
}

const running: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.exitCode === null) p.kill('SIGKILL');
});

async function started(options: { npmForwards: boolean; duplicateWindowMs: number }) {
  const c = child(options);
  running.push(c.proc);
  await c.waitFor('ready');
  return c;
}

describe('stop requests', () => {
  it("under npm, the first signal's repeat is npm's copy however late it comes; the next one forces the exit", async () => {
    // A window of 0: every repeat is "late", as npm's copy can be on a busy machine.
    const c = await started({ npmForwards: true, duplicateWindowMs: 0 });
    c.proc.kill('SIGINT');
    await c.waitFor('got 1');
    c.proc.kill('SIGINT');
    await c.waitFor('got 2');
    expect(c.lines.filter((l) => l.startsWith('stop') || l.startsWith('force'))).toEqual(['stop SIGINT']);
    c.proc.kill('SIGINT');
    await c.waitFor('force SIGINT');
    expect(await new Promise((resolve) => (c.proc.exitCode !== null ? resolve(c.proc.exitCode) : c.proc.once('exit', resolve)))).toBe(3);
  });

  it('without npm, a repeat after the window forces the exit', async () => {
    const c = await started({ npmForwards: false, duplicateWindowMs: 0 });
    c.proc.kill('SIGTERM');
    await c.waitFor('got 1');
    c.proc.kill('SIGTERM');
    await c.waitFor('force SIGTERM');
    expect(c.lines.filter((l) => l.startsWith('stop'))).toEqual(['stop SIGTERM']);
  });

  it('a repeat within the window is the same request', async () => {
    // A window far longer than the test: the repeat is inside it whatever the machine's load.
    const c = await started({ npmForwards: false, duplicateWindowMs: 600_000 });
    c.proc.kill('SIGINT');
    await c.waitFor('got 1');
    c.proc.kill('SIGINT');
    await c.waitFor('got 2');
    c.proc.kill('SIGTERM');
    await c.waitFor('got 3');
    expect(c.lines.filter((l) => l.startsWith('stop') || l.startsWith('force'))).toEqual(['stop SIGINT']);
  });

  it("under npm, npm's copy is only a repeat of the first signal: another signal after the window forces", async () => {
    const c = await started({ npmForwards: true, duplicateWindowMs: 0 });
    c.proc.kill('SIGTERM');
    await c.waitFor('got 1');
    c.proc.kill('SIGINT');
    await c.waitFor('force SIGINT');
  });
});

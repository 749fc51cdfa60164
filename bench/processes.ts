import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/** Starts `node <args>` and resolves once its output matches `ready` (a minute at most). */
export function spawnAndWait(
  cwd: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timeout waiting for ${args.join(' ')}:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const match = ready.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}:\n${out}`)));
  });
}

/** Sends SIGTERM and waits for the exit (SIGKILL after 10 s), so nothing outlives the bench. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** VmRSS of a process in MB (Linux /proc), or undefined when it cannot be read. */
export function rssMb(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Samples a process's resident set every ~100 ms while a scenario runs and keeps the peak. The
 * timer shares the event loop with autocannon, so under load a sample can come late; the peak of
 * RSS changes slowly next to that.
 */
export class RssPeak {
  private peak = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pid: number) {}

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), 100);
  }

  /** Stops sampling; the peak (MB) over every start/stop period so far. */
  stop(): number {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.sample();
    return this.peak;
  }

  private sample(): void {
    const mb = rssMb(this.pid);
    if (mb !== undefined && mb > this.peak) this.peak = mb;
  }
}

/**
 * The bench's load generator sends thousands of requests a second from one address and one key,
 * and its token scenario exchanges credentials as fast as it can: with payrail's default rate limits
 * (docs/security.md) nearly every request would be a 429 and the numbers would measure refusals.
 * The bench's server therefore runs with budgets it never spends. The limiters still count every
 * request, so their cost stays in what the bench measures.
 */
export const BENCH_RATE_LIMITS: Record<string, string> = {
  PAYRAIL_RATE_LIMIT_TOKEN_PER_IP: '1000000000',
  PAYRAIL_RATE_LIMIT_TOKEN_PER_CLIENT: '1000000000',
  PAYRAIL_RATE_LIMIT_CALLS_PER_KEY: '1000000000',
};

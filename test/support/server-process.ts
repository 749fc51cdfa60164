import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { descendants } from './processes';

export const REPO = path.resolve(__dirname, '..', '..');
export const MAIN = path.join(REPO, 'dist', 'src', 'main.js');

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  stdout: () => string;
  clientId: string;
  apiKey: string | undefined;
  accountId: string;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  coldStartMs: number;
  exited: Promise<number | null>;
}

export function assertBuilt(): void {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` (npm test does it in pretest)`);
}

export interface StartOptions {
  /** `node dist/src/main.js` (default), or `npm start` as a user runs it (build check included). */
  via?: 'node' | 'npm';
  /** The checkout to run in (default this one). */
  cwd?: string;
  /** In a process group of its own, so that a test can signal the group as a terminal does. */
  detached?: boolean;
  timeoutMs?: number;
}

/** The environment the server processes of the tests get: little beyond what the test sets. */
export function serverEnv(env: Record<string, string>): Record<string, string> {
  const config: Record<string, string> = process.env.XDG_CONFIG_HOME ? { XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME } : {};
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...config, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env };
}

/** How long startServer waits for a server's banner and /healthz by default (a cold start on a busy machine). */
export const SERVER_START_TIMEOUT_MS = 90_000;
/**
 * The test timeout of a file that starts server processes: a start may take SERVER_START_TIMEOUT_MS,
 * and the test must have time left for its own work and a clean stop, or jest's default (60 s)
 * ends it first, with no word of why.
 */
export const SERVER_TEST_TIMEOUT_MS = 2 * SERVER_START_TIMEOUT_MS + 60_000;

/** Spawns the server (see StartOptions.via) and waits for its banner and /healthz. */
export async function startServer(env: Record<string, string>, opts: StartOptions = {}): Promise<ServerProcess> {
  const timeoutMs = opts.timeoutMs ?? SERVER_START_TIMEOUT_MS;
  if (opts.via !== 'npm') assertBuilt();
  const started = Date.now();
  const [command, args] = opts.via === 'npm' ? ['npm', ['start']] : [process.execPath, [MAIN]];
  const child = spawn(command, args, { cwd: opts.cwd ?? REPO, env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: opts.detached });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  let base: string | undefined;
  while (!base) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      // The whole tree: under `npm start` the child is npm, and a build or server it started would
      // live on, holding this process's pipes open (the jest worker then cannot exit).
      for (const d of descendants(child.pid!)) {
        try {
          process.kill(d.pid, 'SIGKILL');
        } catch {
          /* gone since the listing */
        }
      }
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${timeoutMs} ms:\n${out}`);
    }
    // Production prints its public base URL as the REST base, and where it listens on a line of its own.
    base = /REST base URL\s+(http:\/\/[^\s]+)\/api/.exec(out)?.[1] ?? /Listening\s+(http:\/\/\S+)/.exec(out)?.[1];
    if (!base) await new Promise((r) => setTimeout(r, 50));
  }
  for (;;) {
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const coldStartMs = Date.now() - started;
  // A production server prints no sandbox master: '' then.
  const clientId = /client_id\s+(\S+)/.exec(out)?.[1] ?? '';
  const apiKey = /api_key\s+(\S+)/.exec(out)?.[1];
  const accountId = /Sandbox master account ([0-9a-f-]{36})/.exec(out)?.[1] ?? '';
  return { child, base, stdout: () => out, clientId, apiKey: apiKey?.startsWith('(') ? undefined : apiKey, accountId, coldStartMs, exited };
}

export async function stopServer(s: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (s.child.exitCode === null) s.child.kill(signal);
  return s.exited;
}

export async function tokenOver(base: string, clientId: string, apiKey: string): Promise<{ status: number; token?: string }> {
  const res = await fetch(`${base}/api/v1/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: clientId, api_key: apiKey }),
  });
  const body = (await res.json()) as { auth_token?: string };
  return { status: res.status, token: body.auth_token };
}

export interface ExitedRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/src/main.js` that is expected to fail to start, until it exits. */
export async function runUntilExit(env: Record<string, string>, opts: { timeoutMs?: number } = {}): Promise<ExitedRun> {
  assertBuilt();
  const child = spawn(process.execPath, [MAIN], { cwd: REPO, env: serverEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // A server that starts instead of failing must not outlive the test: it is stopped, and the
  // test sees a run that did not exit by itself (code null).
  let started = false;
  const guard = setTimeout(() => {
    started = true;
    child.kill('SIGTERM');
  }, opts.timeoutMs ?? SERVER_START_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  clearTimeout(guard);
  return { code: started ? null : code, stdout, stderr };
}

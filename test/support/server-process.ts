import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

/** Spawns `node dist/src/main.js` as `npm start` does and waits for its banner and /healthz. */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  assertBuilt();
  const started = Date.now();
  const child = spawn(process.execPath, [MAIN], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  let base: string | undefined;
  while (!base) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${timeoutMs} ms:\n${out}`);
    }
    base = /REST base URL\s+(http:\/\/[^\s]+)\/api/.exec(out)?.[1];
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
  const clientId = /client_id\s+(\S+)/.exec(out)![1]!;
  const apiKey = /api_key\s+(\S+)/.exec(out)?.[1];
  const accountId = /Sandbox master account ([0-9a-f-]{36})/.exec(out)![1]!;
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

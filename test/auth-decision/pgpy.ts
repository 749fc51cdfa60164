import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/**
 * pgpy 0.6, the Python client's PGP library, run for real: Debian's python3-pgpy for
 * /usr/bin/python3.11 (`.ci/run` installs it when missing; PAYRAIL_TEST_PYTHON names another
 * interpreter that has pgpy).
 */
export const PYTHON = process.env.PAYRAIL_TEST_PYTHON ?? '/usr/bin/python3.11';

export interface PgpyCustomer {
  url: string;
  /** The customer's public key, as the Python client's generate_auth_decision_key_pair makes it. */
  publicKey: string;
  /** Gives the endpoint payrail's public key: what pgpy answers when it loads it. */
  loadPayrailKey(armored: string): Promise<{ status: number; body: { loaded?: boolean; error?: string } }>;
  /** Stops the endpoint and waits for its process to end (no pipe left open behind the test). */
  close(): Promise<void>;
}

/** Starts test/auth-decision/pgpy_customer.py; it declines (51) authorizations whose billing_amount is above `declineAbove`. */
export async function startPgpyCustomer(declineAbove: number): Promise<PgpyCustomer> {
  const script = path.join(__dirname, 'pgpy_customer.py');
  const child: ChildProcess = spawn(PYTHON, [script, String(declineAbove)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const first = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(line));
    child.once('error', (err) => reject(new Error(`cannot run ${PYTHON} (install python3-pgpy, as .ci/run does): ${err.message}`)));
    child.once('exit', (code) => reject(new Error(`${PYTHON} ${script} exited with ${code} (is python3-pgpy installed? .ci/run installs it):\n${stderr}`)));
  });
  const { url, public_key } = JSON.parse(first) as { url: string; public_key: string };
  return {
    url,
    publicKey: public_key,
    async loadPayrailKey(armored) {
      const res = await fetch(url.replace(/\/auth-decision$/, '/payrail-key'), { method: 'POST', body: armored });
      return { status: res.status, body: (await res.json()) as { loaded?: boolean; error?: string } };
    },
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill();
      await exited;
    },
  };
}

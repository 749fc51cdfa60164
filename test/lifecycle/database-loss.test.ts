import fs from 'node:fs';
import path from 'node:path';
import { embeddedClusterOf, killPostmaster, type EmbeddedCluster } from '../support/embedded-postgres-control';
import {
  cleanOutageAnswer,
  expectOneEffectEach,
  fundedBeneficiary,
  INTERNAL_500,
  loadThroughOutage,
  plannedPayout,
  pollUntil,
  sendPayout,
  type SentPayout,
  OUTAGE_LOAD_LIMITS,
} from '../support/payout-outage';
import { runPool, type RestCaller } from '../support/rest-load';
import { SERVER_TEST_TIMEOUT_MS, startServer, stopServer, tokenOver, type ServerProcess } from '../support/server-process';
import { tempDataDir } from '../support/temp-dirs';

// Server processes start here: the file's tests get the time a start may take (support/server-process.ts).
jest.setTimeout(SERVER_TEST_TIMEOUT_MS);

/**
 * The database goes away under a payout load: the embedded PostgreSQL's postmaster is killed with
 * SIGKILL while payouts are in flight. The API process stays up, answers what it cannot do with
 * the 5xx of each route's envelope (never another answer), says not ready until the database is
 * back, restarts the database itself (crash recovery), and carries on. Every request sent before,
 * during and after the outage, sent again with its key, has exactly one effect.
 *
 * The database is kept away deterministically (killPostmaster's `hold`), so that "during" means
 * "while it cannot be back", however slow the machine; the bounds below are generous caps, not
 * expectations.
 */

/** The bound: writes resume within 30 s of the kill. */
const RESUME_WITHIN_MS = 30_000;

const dataDir = tempDataDir('payrail-dbloss-');
const running: ServerProcess[] = [];
const held: { release(): void }[] = [];
const sent: SentPayout[] = [];
let server: ServerProcess;
let caller: RestCaller;
let cluster: EmbeddedCluster;
let beneficiary: string;
let killedAt = 0;

const readyz = async () => (await fetch(`${server.base}/readyz`)).status;
const output = () => server.stdout().slice(-3000);

afterAll(async () => {
  for (const h of held) h.release();
  for (const s of running) if (s.child.exitCode === null && s.child.signalCode === null) await stopServer(s, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL killed with SIGKILL under a payout load', () => {
  it('starts on a fresh embedded database with a funded wallet and a beneficiary', async () => {
    server = await startServer({ PAYRAIL_DATA_DIR: path.join(dataDir, 'main'), LOG_LEVEL: 'info', ...OUTAGE_LOAD_LIMITS });
    running.push(server);
    cluster = embeddedClusterOf(path.join(dataDir, 'main'));
    const tok = await tokenOver(server.base, server.clientId, server.apiKey!);
    caller = { base: server.base, token: tok.token!, clientId: server.clientId };
    beneficiary = await fundedBeneficiary(caller);
  });

  it('answers payouts sent before the outage', async () => {
    const before = Array.from({ length: 20 }, (_v, i) => plannedPayout(beneficiary, 'before', i));
    sent.push(...before);
    await runPool(before, 8, async (p) => {
      p.answer = await sendPayout(caller, p);
    });
    for (const p of before) expect([p.key, p.answer?.status]).toEqual([p.key, 200]);
  });

  it('stays alive when the postmaster is killed under load; requests fail with the 5xx of their envelope and /readyz says not ready', async () => {
    await loadThroughOutage({
      caller,
      beneficiary,
      sent,
      concurrency: 8,
      loadedAfter: 40,
      takeDown: () => {
        held.push(killPostmaster(cluster, { hold: true }));
        killedAt = Date.now();
      },
      readyz,
      failuresWhileDown: 24,
      context: output,
    });
    expect(await (await fetch(`${server.base}/readyz`)).json()).toEqual({ status: 'not_ready', reason: 'database unreachable' });

    // The process is alive and says so.
    expect([server.child.exitCode, server.child.signalCode]).toEqual([null, null]);
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    // Every request got an answer: an effect committed before the backends died (200), or the 500
    // of the account-center envelope (spec 7.1: message only, retry with the same key); never another.
    for (const p of sent.filter((s) => s.phase === 'at-outage' || s.phase === 'during')) {
      expect([p.key, cleanOutageAnswer(p.answer)]).toEqual([p.key, p.answer?.status === 200 ? 200 : { status: 500, body: INTERNAL_500 }]);
    }
    // The card-issuance family answers its own 500 (envelope A), GraphQL its internal error.
    const issuing = await fetch(`${server.base}/api/v1/issuing/balances`, { headers: { 'x-auth-token': caller.token, 'x-client-id': caller.clientId } });
    expect([issuing.status, await issuing.json()]).toEqual([500, { type: 'api_error', code: 'api_error', message: 'An internal error occurred, please try again' }]);
    const gql = await fetch(`${server.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-token': caller.token },
      body: JSON.stringify({ query: '{ payouts(first: 1) { totalCount } }' }),
    }).then((r) => r.json() as Promise<{ data?: unknown; errors?: { extensions: { code: string; httpStatus: number } }[] }>);
    expect(gql.errors?.[0]?.extensions).toMatchObject({ code: 'internal_error', httpStatus: 500 });
    // Still not ready while the database cannot be back; and the crash was logged.
    expect(await readyz()).toBe(503);
    expect(server.stdout()).toMatch(/embedded PostgreSQL \(pid \d+\) exited unexpectedly \(signal SIGKILL\); restarting it/);
  });

  it('restarts PostgreSQL with crash recovery once it can, logs it, and writes resume within 30 s of the kill', async () => {
    for (const h of held) h.release();
    await pollUntil('/readyz says ready again', async () => (await readyz()) === 200, RESUME_WITHIN_MS, output);
    // A 500 stores nothing: the same key is sent again until the write goes through.
    const first = plannedPayout(beneficiary, 'after', 0);
    sent.push(first);
    await pollUntil('a write goes through', async () => (first.answer = await sendPayout(caller, first))?.status === 200, killedAt + RESUME_WITHIN_MS - Date.now(), output);
    expect(Date.now() - killedAt).toBeLessThan(RESUME_WITHIN_MS);
    // The line is written when the server reads PostgreSQL's "ready" line, which may come after a first answer.
    await pollUntil('the restart is logged', async () => /embedded PostgreSQL restarted on port \d+ after crash recovery/.test(server.stdout()), 30_000, output);
    expect([server.child.exitCode, server.child.signalCode]).toEqual([null, null]);
    expect(embeddedClusterOf(path.join(dataDir, 'main')).port).toBe(cluster.port);
  });

  it('answers payouts sent after the outage', async () => {
    const after = Array.from({ length: 39 }, (_v, i) => plannedPayout(beneficiary, 'after', i + 1));
    sent.push(...after);
    await runPool(after, 8, async (p) => {
      p.answer = await sendPayout(caller, p);
    });
    for (const p of after) expect([p.key, p.answer?.status]).toEqual([p.key, 200]);
  });

  it('a client retrying with the same key gets exactly one effect: keys sent before, during and after the outage', async () => {
    await expectOneEffectEach(caller, sent, cluster.url, server.accountId);
    const count = (phase: SentPayout['phase']) => sent.filter((s) => s.phase === phase).length;
    process.stdout.write(`database loss: ${count('at-outage')} payouts sent under load before the kill landed, ${count('during')} after it\n`);
  });

  it('stops cleanly afterwards', async () => {
    const code = await stopServer(server, 'SIGTERM');
    expect({ code, output: code === 0 ? '' : output() }).toEqual({ code: 0, output: '' });
  });
});

describe('an embedded PostgreSQL that cannot be restarted', () => {
  it('makes the process exit with one clear message, so that a supervisor restarts the whole', async () => {
    const dir = path.join(dataDir, 'gives-up');
    const s = await startServer({ PAYRAIL_DATA_DIR: dir, PAYRAIL_POSTGRES_RESTART_TIMEOUT_SECONDS: '2' });
    running.push(s);
    // Held for good: every restart attempt meets the old shared memory still in use.
    held.push(killPostmaster(embeddedClusterOf(dir), { hold: true }));
    expect(await s.exited).toBe(1);
    const out = s.stdout();
    expect(out).toMatch(/payrail cannot carry on: the embedded PostgreSQL in \S+ exited \(signal SIGKILL\) and could not be restarted within 2 s: .*shared memory/);
    expect(out).toMatch(/\n {2}fix: payrail exits so that its supervisor/);
    expect(out.match(/cannot carry on/g)).toHaveLength(1);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { applyMigrations, defaultMigrationsDir } from '../../src/ops/migrations';
import { externalPostgres, type ExternalPostgres } from '../support/embedded-postgres-control';
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
 * A PostgreSQL payrail only connects to (DATABASE_URL) is restarted by its operator under a payout
 * load: a fast shutdown ends every session (57P01, as a failover or `pg_ctl restart` does), and the
 * server comes back on the same address when the test says so. payrail supervises nothing here:
 * its pool, its LISTEN sessions (auth cache, webhooks, live events) and its worker reconnect on
 * their own. The process stays up, answers the 500 of each route's envelope meanwhile, says not
 * ready, and each key sent around the restart has exactly one effect.
 */

const dataDir = tempDataDir('payrail-extdb-');
const sent: SentPayout[] = [];
let database: ExternalPostgres;
let server: ServerProcess | undefined;
let caller: RestCaller;
let beneficiary: string;
let stopped: Promise<void> | undefined;

const readyz = async () => (await fetch(`${server!.base}/readyz`)).status;
const output = () => server!.stdout().slice(-3000);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) await stopServer(server, 'SIGKILL');
  await stopped;
  await database?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('an external PostgreSQL restarted by its operator under a payout load', () => {
  it('starts a server on it, with a funded wallet and a beneficiary, and answers payouts', async () => {
    database = await externalPostgres(path.join(dataDir, 'pg'));
    await applyMigrations(database.url, defaultMigrationsDir());
    server = await startServer({ DATABASE_URL: database.url, PAYRAIL_DATA_DIR: path.join(dataDir, 'server'), PAYRAIL_JWT_SECRET: Buffer.alloc(32, 5).toString('base64'), LOG_LEVEL: 'info', ...OUTAGE_LOAD_LIMITS });
    const tok = await tokenOver(server.base, server.clientId, server.apiKey!);
    caller = { base: server.base, token: tok.token!, clientId: server.clientId };
    beneficiary = await fundedBeneficiary(caller);
    const before = Array.from({ length: 20 }, (_v, i) => plannedPayout(beneficiary, 'before', i));
    sent.push(...before);
    await runPool(before, 8, async (p) => {
      p.answer = await sendPayout(caller, p);
    });
    for (const p of before) expect([p.key, p.answer?.status]).toEqual([p.key, 200]);
  });

  it('stays alive while the database is down, answers the 500 of the envelope, and says not ready', async () => {
    await loadThroughOutage({
      caller,
      beneficiary,
      sent,
      concurrency: 8,
      loadedAfter: 40,
      takeDown: () => {
        stopped = database.stop();
      },
      readyz,
      failuresWhileDown: 24,
      context: output,
    });
    await stopped;
    expect([server!.child.exitCode, server!.child.signalCode]).toEqual([null, null]);
    expect((await fetch(`${server!.base}/healthz`)).status).toBe(200);
    for (const p of sent.filter((s) => s.phase === 'at-outage' || s.phase === 'during')) {
      expect([p.key, cleanOutageAnswer(p.answer)]).toEqual([p.key, p.answer?.status === 200 ? 200 : { status: 500, body: INTERNAL_500 }]);
    }
    expect(await readyz()).toBe(503);
  });

  it('is ready again, and writes go through, once the database is back', async () => {
    await database.start();
    await pollUntil('/readyz says ready again', async () => (await readyz()) === 200, 30_000, output);
    const first = plannedPayout(beneficiary, 'after', 0);
    sent.push(first);
    await pollUntil('a write goes through', async () => (first.answer = await sendPayout(caller, first))?.status === 200, 30_000, output);
    const after = Array.from({ length: 19 }, (_v, i) => plannedPayout(beneficiary, 'after', i + 1));
    sent.push(...after);
    await runPool(after, 8, async (p) => {
      p.answer = await sendPayout(caller, p);
    });
    for (const p of after) expect([p.key, p.answer?.status]).toEqual([p.key, 200]);
  });

  it('a client retrying with the same key gets exactly one effect: keys sent before, during and after the restart', async () => {
    await expectOneEffectEach(caller, sent, database.url, server!.accountId);
  });

  it('stops cleanly afterwards', async () => {
    const code = await stopServer(server!, 'SIGTERM');
    expect({ code, output: code === 0 ? '' : output() }).toEqual({ code: 0, output: '' });
  });
});

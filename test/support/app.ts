import 'reflect-metadata';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createDatabase, type ServiceDatabase } from '../../src/database';
import { ManualClock } from '../../src/platform/clock/clock';
import { createLogger } from '../../src/platform/observability/logger';
import type { RestModule } from '../../src/rest-compat';
import type { AppServices } from '../../src/services';
import { createTestDatabase } from './test-database';
import { checkLedger } from '../../src/platform/ledger/invariants';
import { buildKeyring, parseCardDataKeys } from '../../src/platform/sealing/keys';
import type { Kek } from '../../src/platform/key-custody/kek';

export const TEST_SIGNING_KEY = new Uint8Array(Buffer.alloc(32, 7));
/** A fixed card-data root key, so a test can seal and open PANs as the app does. */
export const TEST_CARD_DATA_KEYS = `test1:${Buffer.alloc(32, 9).toString('base64')}`;
/** A fixed key-encryption key (PAYRAIL_KEK's form), for what the KEK seals: data keys, the sandbox credentials. */
export const TEST_KEK_LINE = `kek1:${Buffer.alloc(32, 11).toString('base64')}`;
export const TEST_KEK: Kek = { currentId: 'kek1', key: (id) => (id === 'kek1' ? Buffer.alloc(32, 11) : undefined), source: 'test' };
/** A loader of TEST_KEK, as the sandbox options take it. */
export const testKek = async (): Promise<Kek> => TEST_KEK;

/**
 * Tests send hundreds of calls a second from one address and key: their apps count every request
 * through the rate limiters (the code path runs) against budgets no test reaches. The tests of the
 * limits themselves pass their own (test/auth/rate-limits.test.ts); the defaults are the config's.
 */
export const UNTHROTTLED: Config['rateLimits'] = {
  tokenPerIp: { max: 1_000_000_000, windowSeconds: 60 },
  tokenPerClient: { max: 1_000_000_000, windowSeconds: 60 },
  callsPerKey: { max: 1_000_000_000, windowSeconds: 1 },
};

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  db: ServiceDatabase;
  clock: ManualClock;
  url: string;
  /** Every log line the app wrote, parsed. */
  logs: Record<string, unknown>[];
  /** The same lines as written. */
  rawLogs: string[];
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A real app (real HTTP stack through inject, real PostgreSQL) on a database of its own, with a
 * manual clock. `database` lets a second app share the first one's database (two instances).
 */
export async function startTestApp(opts: {
  config?: Partial<Config>;
  extraRestModules?: RestModule[];
  database?: { url: string };
  clock?: ManualClock;
} = {}): Promise<TestApp> {
  const owned = opts.database ? undefined : await createTestDatabase();
  const url = opts.database?.url ?? owned!.url;
  const db = createDatabase(url, { poolSize: 20 });
  const clock = opts.clock ?? new ManualClock('2026-11-21T10:00:00Z');
  // Loopback receivers (the tests' webhook and decision servers) through the explicit sandbox opt-in.
  const env = { LOG_LEVEL: 'info', PAYRAIL_DATA_DIR: '/tmp/payrail-test-unused', PAYRAIL_OUTBOUND_ALLOW_LOOPBACK: '1' };
  const config: Config = { ...loadConfig(env), rateLimits: UNTHROTTLED, ...opts.config };
  const cardDataKeys = buildKeyring(parseCardDataKeys(config.cardDataKeys ?? TEST_CARD_DATA_KEYS, 'test'));
  const services: AppServices = { config, db, clock, signer: { key: TEST_SIGNING_KEY, ttlSeconds: config.tokenTtlSeconds }, cardDataKeys };
  const logs: Record<string, unknown>[] = [];
  const rawLogs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        rawLogs.push(line);
        logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const app = await buildApp(services, { logger: createLogger({ level: 'info', destination: sink }), extraRestModules: opts.extraRestModules });
  await app.ready();
  return {
    app,
    services,
    db,
    clock,
    url,
    logs,
    rawLogs,
    inject: (o) => app.inject(o),
    /** Closes the app; the ledger invariants must hold on the database the test file used. */
    async close() {
      await app.close();
      const violations = owned ? await checkLedger(db) : [];
      await db.close();
      await owned?.drop();
      if (violations.length > 0) throw new Error(`ledger invariants violated:\n${JSON.stringify(violations, null, 2)}`);
    },
  };
}

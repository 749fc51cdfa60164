import pino from 'pino';
import { WebhookPump } from '../../src/jobs/webhook-pump';
import { startTestApp, type TestApp } from '../support/app';
import { overTheWire, type Wire } from '../support/wire';
import { makeMaster, makeSub } from '../support/tenants';
import { individual } from '../wallet/beneficiaries/fixtures';
import { hooked, settingsOf, type Hooked } from '../developers/webhooks/harness';

/**
 * Two webhook workers, each a WebhookPump of its own app (its own pool) on one database, deliver
 * events written concurrently over HTTP to three endpoints, one of which fails twice and then hangs
 * on an attempt until its lease runs out on the process clock (docs/webhooks.md: leases, strict
 * order per endpoint, fan-out exactly once). The other worker takes the delivery over and delivers
 * it; the hung attempt's late failure then changes nothing. Each event reaches each endpoint's
 * receiver in event order, is accepted (2xx) there exactly once, and has exactly one delivery.
 */

let t: TestApp;
let second: TestApp;
let wire: Wire;
const hooks: Hooked[] = [];

beforeAll(async () => {
  t = await startTestApp();
  // The second worker's app: the same database and process clock, a pool of its own.
  second = await startTestApp({ database: { url: t.url }, clock: t.clock });
  wire = await overTheWire(t);
});
afterAll(async () => {
  await Promise.all(hooks.map((h) => h.receiver.close()));
  await wire.close();
  await second.close();
  await t.close();
});

/** Re-reads `probe` until it holds: each step of the test waits on the state the workers reach, not on a deadline. */
async function until(probe: () => Promise<boolean>): Promise<void> {
  while (!(await probe())) await new Promise((resolve) => setTimeout(resolve, 20));
}

const deliveriesOf = async (endpointId: string) =>
  t.db.prisma.webhookDelivery.findMany({ where: { endpointId }, orderBy: { seq: 'asc' } });

/** Consecutive repeats dropped: a retry or a takeover sends the same event again, right after itself. */
const collapsed = (ids: string[]) => ids.filter((id, i) => i === 0 || ids[i - 1] !== id);

describe('two webhook workers, an expiring lease and a failing receiver', () => {
  it('keep the order per endpoint and accept each event at each endpoint exactly once', async () => {
    const master = await makeMaster(t.services, { name: 'Two workers' });
    const sub = await makeSub(t.services, master, 'Two workers sub');
    const healthy = hooked(wire.t, { tenant: master });
    const failing = hooked(wire.t, { tenant: master });
    const ofSub = hooked(wire.t, { tenant: master, onBehalfOf: sub.id });
    const [h1, h2, h3] = [await healthy, await failing, await ofSub];
    hooks.push(h1, h2, h3);

    // The failing receiver answers 500 twice, then hangs on its third request.
    h2.receiver.script = [500, 500];
    const hung = h2.receiver.hold(3);

    // A timeout far beyond the test's life: the hung attempt ends only when released. Its lease,
    // timeout + 30 s on the process clock, runs out when the test moves that clock past it.
    const TIMEOUT_MS = 600_000;
    const settings = (app: TestApp) => settingsOf(app, { timeoutMs: TIMEOUT_MS, concurrency: 4 });
    const pumps = [t, second].map((app) => new WebhookPump(app.services, pino({ level: 'silent' }), settings(app)));
    let all: string[] = [];
    let subOnly: string[] = [];
    for (const p of pumps) p.start();
    try {
      await Promise.all(pumps.map((p) => p.listening));

      // Eight events written at once, four by the master and four by its sub-account.
      const created = await wire.together(
        Array.from({ length: 8 }, (_, i) => () => (i % 2 ? h3.c : h1.c).post('/v1/beneficiaries', individual())),
      );
      expect(created.map((r) => r.status)).toEqual(Array(8).fill(200));
      const { rows: events } = await t.db.pool.query<{ id: string; account_id: string }>(
        'SELECT id, account_id FROM outbox_events WHERE account_id = ANY($1::uuid[]) ORDER BY tx_id, seq',
        [[master.account.id, sub.id]],
      );
      expect(events).toHaveLength(8);
      all = events.map((e) => e.id);
      subOnly = events.filter((e) => e.account_id === sub.id).map((e) => e.id);

      // The healthy endpoints get everything while the failing one holds its first event.
      await Promise.all([h1.receiver.waitFor(8), h3.receiver.waitFor(4)]);
      await until(async () => [...(await deliveriesOf(h1.endpointId)), ...(await deliveriesOf(h3.endpointId))].every((d) => d.status === 'SUCCEEDED'));
      const first = async () => (await deliveriesOf(h2.endpointId))[0]!;
      await until(async () => (await deliveriesOf(h2.endpointId))[0]?.attempts === 1);
      // The retries fall due on the process clock (10 s, then 1 min, each within a 1.2 jitter).
      t.clock.advance(13);
      await until(async () => (await first()).attempts === 2);
      t.clock.advance(73);
      await hung.arrived;
      expect((await first()).status).toBe('PENDING');

      // The lease runs out: a worker claims the delivery again and the receiver, now well, takes it.
      t.clock.advance(TIMEOUT_MS / 1000 + 31);
      await h2.receiver.waitFor(3 + 1 + 7);
      await until(async () => (await deliveriesOf(h2.endpointId)).every((d) => d.status === 'SUCCEEDED'));
      // The hung attempt fails at last; its claim was taken over, so it records nothing.
      hung.release(503);
    } finally {
      // Stopping waits for every attempt in flight, the released one included, to end and record.
      await Promise.all(pumps.map((p) => p.stop()));
    }

    // Fan-out exactly once: one delivery per event and matching endpoint, from two workers.
    const [d1, d2, d3] = await Promise.all([h1, h2, h3].map((h) => deliveriesOf(h.endpointId)));
    expect(all).toHaveLength(8);
    expect(d1!.map((d) => d.eventId)).toEqual(all);
    expect(d2!.map((d) => d.eventId)).toEqual(all);
    expect(d3!.map((d) => d.eventId)).toEqual(subOnly);
    // Every delivery succeeded once; the failing endpoint's first took three recorded attempts
    // (500, 500, then the takeover's 200), and the hung attempt's 503 is not among them.
    for (const d of [...d1!, ...d2!, ...d3!]) {
      expect([d.status, d.attempts, d.lastStatusCode]).toEqual(['SUCCEEDED', d === d2![0] ? 3 : 1, 200]);
    }

    // What each receiver saw, in arrival order: every event, in event order, signed.
    expect(h1.receiver.received.map((r) => r.eventId)).toEqual(all);
    expect(h3.receiver.received.map((r) => r.eventId)).toEqual(subOnly);
    // The failing one: its first event four times (500, 500, hung then 503, 200), then the rest once each.
    const seen = h2.receiver.received.map((r) => r.eventId);
    expect(seen).toEqual([all[0], all[0], all[0], ...all]);
    expect(collapsed(seen)).toEqual(all);
    for (const h of [h1, h2, h3]) expect(h.receiver.received.every((r) => r.verified)).toBe(true);
  });
});

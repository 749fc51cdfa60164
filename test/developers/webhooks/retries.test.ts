import pino from 'pino';
import { startTestApp, type TestApp } from '../../support/app';
import { advance } from '../../support/sandbox';
import { loadConfig } from '../../../src/config';
import { nextAttemptAfter, retryDelayMs } from '../../../src/domain/developers/webhooks/retry';
import { webhookSettings } from '../../../src/jobs/webhook-settings';
import { renderEventData } from '../../../src/rest-compat/developers/events/render';
import { WebhookPump } from '../../../src/jobs/webhook-pump';
import { emitCreate, emitUpdate, hooked, pumpOnce, settingsOf, type Hooked } from './harness';
import type { Receiver } from './receiver';

/** The retry schedule on the tree's clock, disabling, resend, the SSRF rule and the worker's pump. */

let t: TestApp;
const receivers: Receiver[] = [];
const track = (h: Hooked): Hooked => (receivers.push(h.receiver), h);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t.close();
});

describe('the schedule (docs/webhooks.md)', () => {
  it('waits 10 s, 1 min, 6 min, 36 min, 3.6 h, then 12 h, each times a jitter in [0.8, 1.2]', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => retryDelayMs(n, mid))).toEqual([10_000, 60_000, 360_000, 2_160_000, 12_960_000, 43_200_000, 43_200_000, 43_200_000]);
    expect(retryDelayMs(1, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, () => 0.999999)).toBe(12_000);
  });

  it('stops once the next attempt would fall later than 3 days after the first', () => {
    const first = new Date('2026-11-21T00:00:00Z');
    expect(nextAttemptAfter(1, first, first, () => 0.5)).toEqual(new Date('2026-11-21T00:00:10Z'));
    const nearEnd = new Date(first.getTime() + 64 * 3600_000);
    expect(nextAttemptAfter(11, nearEnd, first, () => 0.5)).toBeNull();
  });
});

describe('a test-clock advance', () => {
  it('drives every retry of a failing endpoint, fails the deliveries, and disables the endpoint with its event', async () => {
    const h = track(await hooked(t, { name: 'Down' }));
    h.receiver.fallback = 500;
    await advance(h.c, 1); // the tree now runs on its test clock
    const id = await emitCreate(h.c);
    await emitUpdate(h.c, id, 'again');
    const settings = settingsOf(t, { disableAfter: 2 });
    await pumpOnce(t, settings);
    expect(h.receiver.received).toHaveLength(1);
    // Nothing more until the tree's clock moves (the process clock is not the tree's).
    t.clock.advance(600);
    await pumpOnce(t, settings);
    expect(h.receiver.received).toHaveLength(1);

    await advance(h.c, 7 * 24 * 3600);
    await pumpOnce(t, settings);
    // 11 attempts each: at 0, 10 s, 70 s, 430 s, 2590 s, 15550 s, then every 12 h up to 64.3 h; the
    // next would be 76.3 h after the first, past the 3-day window.
    const list = await h.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10, endpoint_id: h.endpointId });
    expect(list.body.data.map((d: { status: string; attempts: number }) => [d.status, d.attempts])).toEqual([
      ['FAILED', 11],
      ['FAILED', 11],
    ]);
    // In simulated time too the endpoint sees its events in order: the second delivery, queued
    // behind the first, is first tried when the first gave up, and its window starts there.
    const { rows: times } = await t.db.pool.query<{ first_attempt_at: Date; last_attempt_at: Date }>(
      'SELECT first_attempt_at, last_attempt_at FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY seq',
      [h.endpointId],
    );
    const span = (d: { first_attempt_at: Date; last_attempt_at: Date }): number => (d.last_attempt_at.getTime() - d.first_attempt_at.getTime()) / 1000;
    expect(times.map(span)).toEqual([231_550, 231_550]);
    expect(times[1]!.first_attempt_at).toEqual(times[0]!.last_attempt_at);
    expect(h.receiver.received).toHaveLength(22);
    expect(new Set(h.receiver.received.slice(0, 11).map((r) => r.eventId)).size).toBe(1);
    expect(h.receiver.received.every((r) => r.verified)).toBe(true);

    const endpoint = (await h.c.get('/v1/webhooks/endpoints', { page_number: 1, page_size: 10 })).body.data[0];
    expect(endpoint).toMatchObject({ webhook_endpoint_id: h.endpointId, status: 'DISABLED', consecutive_failures: 2 });
    const stored = await t.db.pool.query<{ event_type: string; event_name: string; data: unknown; data_version: number }>(
      `SELECT event_type, event_name, data, data_version FROM outbox_events WHERE event_name = 'webhook_endpoint.disable.succeeded' AND source_id = $1`,
      [h.endpointId],
    );
    // The data as the delivery carries it: rendered from the stored row.
    const rows = stored.rows.map((r) => ({ event_type: r.event_type, data: renderEventData({ eventName: r.event_name, dataVersion: r.data_version, data: r.data }) }));
    expect(rows).toEqual([{ event_type: 'ONBOARDING', data: expect.objectContaining({ webhook_endpoint_id: h.endpointId, status: 'DISABLED', url: h.receiver.url }) }]);

    // Resend makes a FAILED delivery PENDING now; it waits while the endpoint is DISABLED.
    const failed = list.body.data[0] as { webhook_delivery_id: string; event_id: string };
    const resent = await h.c.post(`/v1/webhooks/deliveries/${failed.webhook_delivery_id}/resend`, {});
    expect(resent.body).toMatchObject({ status: 'PENDING', attempts: 11 });
    h.receiver.fallback = 200;
    await pumpOnce(t, settings);
    expect(h.receiver.received).toHaveLength(22);
    await h.c.post(`/v1/webhooks/endpoints/${h.endpointId}`, { status: 'ENABLED' });
    await pumpOnce(t, settings);
    expect(h.receiver.received.map((r) => r.eventId).slice(22)).toEqual([failed.event_id]);
    const after = await h.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10, event_id: failed.event_id });
    expect(after.body.data).toEqual([expect.objectContaining({ status: 'SUCCEEDED', attempts: 12 })]);
  });
});

describe('resend', () => {
  it('sends a SUCCEEDED delivery again with the same event_id; a pending or unknown one is refused', async () => {
    const h = track(await hooked(t, { name: 'Resend' }));
    await emitCreate(h.c);
    await pumpOnce(t);
    const [d] = (await h.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10 })).body.data as { webhook_delivery_id: string }[];
    expect((await h.c.post(`/v1/webhooks/deliveries/${d!.webhook_delivery_id}/resend`, {})).body.status).toBe('PENDING');
    expect((await h.c.post(`/v1/webhooks/deliveries/${d!.webhook_delivery_id}/resend`, {})).body).toEqual({ code: 400, message: 'webhook delivery is still pending' });
    await pumpOnce(t);
    expect(h.receiver.received.map((r) => r.eventId)).toEqual([h.receiver.received[0]!.eventId, h.receiver.received[0]!.eventId]);
    const other = track(await hooked(t, { name: 'Other' }));
    expect((await other.c.post(`/v1/webhooks/deliveries/${d!.webhook_delivery_id}/resend`, {})).body).toEqual({ code: 400, message: 'webhook delivery not found' });
  });

  it('the deliveries list filters by endpoint, event, event name and status', async () => {
    const h = track(await hooked(t, { name: 'Filters' }));
    const id = await emitCreate(h.c);
    await emitUpdate(h.c, id, 'x');
    await pumpOnce(t);
    const q = (extra: Record<string, string>) => h.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10, ...extra });
    expect((await q({ event_name: 'beneficiary.update.succeeded' })).body.total_items).toBe(1);
    expect((await q({ status: 'SUCCEEDED' })).body.total_items).toBe(2);
    expect((await q({ status: 'FAILED' })).body.total_items).toBe(0);
    expect((await q({ endpoint_id: 'nope' })).body.total_items).toBe(0);
    const bad = await q({ status: 'LOST' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Invalid value for field 'status'/);
  });
});

describe('the SSRF rule at delivery', () => {
  it('the default policy refuses a loopback URL; the sandbox opt-in of the test app allows it', async () => {
    const h = track(await hooked(t, { name: 'Guarded' }));
    await emitCreate(h.c);
    const byDefault = loadConfig({ PAYRAIL_DATA_DIR: '/tmp/payrail-test-unused' });
    const policy = webhookSettings({ ...t.services, config: byDefault }).policy;
    expect(policy).toEqual({ allowLoopback: false });
    await pumpOnce(t, settingsOf(t, { policy }));
    expect(h.receiver.received).toEqual([]);
    const [d] = (await h.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10 })).body.data;
    expect(d).toMatchObject({ status: 'PENDING', attempts: 1, last_status_code: null });
    expect(d.last_error).toBe('refused_address');
    t.clock.advance(10);
    expect(t.services.config.outbound.allowLoopback).toBe(true);
    await pumpOnce(t);
    expect(h.receiver.received).toHaveLength(1);
  });

  it('refuses a name that resolves to loopback too (localhost)', async () => {
    const h = track(await hooked(t, { name: 'Named' }));
    await h.c.post(`/v1/webhooks/endpoints/${h.endpointId}`, { url: h.receiver.url.replace('127.0.0.1', 'localhost') });
    await emitCreate(h.c);
    await pumpOnce(t, settingsOf(t, { policy: { allowLoopback: false } }));
    expect(h.receiver.received).toEqual([]);
    const [d] = (await h.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10 })).body.data;
    expect(d.last_error).toBe('refused_address');
  });
});

describe('the worker pump', () => {
  it('a slow endpoint does not delay another: the fast one gets all its events while the slow one holds its first', async () => {
    const slow = track(await hooked(t, { name: 'Slow' }));
    const fast = track(await hooked(t, { name: 'Fast' }));
    const release = slow.receiver.holdAll();
    const pump = new WebhookPump(t.services, pino({ level: 'silent' }), { concurrency: 4 });
    pump.start();
    try {
      const slowId = await emitCreate(slow.c);
      await emitUpdate(slow.c, slowId, 's1');
      const fastId = await emitCreate(fast.c);
      for (let i = 0; i < 4; i++) await emitUpdate(fast.c, fastId, `f${i}`);
      await fast.receiver.waitFor(5);
      // The slow receiver has had its first request and has not answered it yet.
      expect(slow.receiver.received).toHaveLength(1);
      const pending = await slow.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10, status: 'SUCCEEDED' });
      expect(pending.body.total_items).toBe(0);
      expect(fast.receiver.received.map((r) => r.eventName)).toEqual(['beneficiary.create.succeeded', ...Array(4).fill('beneficiary.update.succeeded')]);
      release();
      await slow.receiver.waitFor(2);
    } finally {
      release();
      await pump.stop();
    }
    expect(slow.receiver.received.map((r) => r.eventName)).toEqual(['beneficiary.create.succeeded', 'beneficiary.update.succeeded']);
  });

  it('two workers side by side deliver every event once, in order per endpoint', async () => {
    const hs = [track(await hooked(t, { name: 'Pair A' })), track(await hooked(t, { name: 'Pair B' }))];
    const pumps = [0, 1].map(() => new WebhookPump(t.services, pino({ level: 'silent' }), { concurrency: 2 }));
    for (const p of pumps) p.start();
    try {
      const ids = await Promise.all(hs.map((h) => emitCreate(h.c)));
      for (let i = 0; i < 5; i++) await Promise.all(hs.map((h, n) => emitUpdate(h.c, ids[n]!, `n${i}`)));
      await Promise.all(hs.map((h) => h.receiver.waitFor(6)));
      // Settle: anything sent twice would have arrived by the time both pumps stop.
    } finally {
      await Promise.all(pumps.map((p) => p.stop()));
    }
    for (const h of hs) {
      expect(h.receiver.received.map((r) => r.eventName)).toEqual(['beneficiary.create.succeeded', ...Array(5).fill('beneficiary.update.succeeded')]);
      expect(new Set(h.receiver.received.map((r) => r.eventId)).size).toBe(6);
    }
  });

  it('the NOTIFY at commit wakes the fan-out: with the poll stretched to an hour, an event still arrives', async () => {
    const h = track(await hooked(t, { name: 'Woken' }));
    const pump = new WebhookPump(t.services, pino({ level: 'silent' }), {}, { pollMs: 3600_000, dispatchMs: 3600_000 });
    pump.start();
    try {
      await pump.listening;
      const id = await emitCreate(h.c);
      await h.receiver.waitFor(1);
      expect(h.receiver.received.map((r) => [r.envelope.source_id, r.verified])).toEqual([[id, true]]);
    } finally {
      await pump.stop();
    }
  });
});

import { startTestApp, type TestApp } from '../../support/app';
import { makeSub } from '../../support/tenants';
import { claimDue, dispatchDue, record, send } from '../../../src/domain/developers/webhooks/dispatch';
import { fanOut } from '../../../src/domain/developers/webhooks/fanout';
import { emitCreate, emitUpdate, eventIdsOf, fanOutAll, hooked, pumpOnce, settingsOf, type Hooked } from './harness';
import { Receiver } from './receiver';

/**
 * Delivery: fan-out from the outbox, signed POSTs verified with the official client's algorithm,
 * retries on the tree's clock, order per endpoint, leases between workers, and the SSRF rule.
 */

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

describe('a delivery', () => {
  it('is the signed envelope the official client verifies, with the account id', async () => {
    const h = track(await hooked(t, { name: 'Verify' }));
    const beneficiaryId = await emitCreate(h.c);
    await pumpOnce(t);
    expect(h.receiver.received).toHaveLength(1);
    const got = h.receiver.received[0]!;
    expect(got.verified).toBe(true);
    const [eventId] = await eventIdsOf(t, beneficiaryId);
    expect(Object.keys(got.envelope)).toEqual(['version', 'event_type', 'event_name', 'event_id', 'source_id', 'data', 'account_id']);
    expect(got.envelope).toMatchObject({
      version: 'V1.6.0',
      event_type: 'BENEFICIARY',
      event_name: 'beneficiary.create.succeeded',
      event_id: eventId,
      source_id: beneficiaryId,
      account_id: h.tenant.account.id,
    });
    expect(got.envelope.data.beneficiary_id).toBe(beneficiaryId);
    const list = await h.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10 });
    expect(list.body.data).toEqual([
      expect.objectContaining({ webhook_endpoint_id: h.endpointId, event_id: eventId, status: 'SUCCEEDED', attempts: 1, last_status_code: 200, last_error: null, next_attempt_time: null, account_id: h.tenant.account.id }),
    ]);
  });

  it('a receiver that fails twice gets the same event_id a third time', async () => {
    const h = track(await hooked(t, { name: 'Flaky' }));
    h.receiver.script = [500, 503];
    await emitCreate(h.c);
    await pumpOnce(t);
    expect(h.receiver.received).toHaveLength(1);
    // First retry 10 s later (jitter fixed at 1.0), the second 60 s after that: nothing before.
    t.clock.advance(9);
    await pumpOnce(t);
    expect(h.receiver.received).toHaveLength(1);
    t.clock.advance(1);
    await pumpOnce(t);
    expect(h.receiver.received).toHaveLength(2);
    t.clock.advance(60);
    await pumpOnce(t);
    expect(h.receiver.received).toHaveLength(3);
    const ids = new Set(h.receiver.received.map((r) => r.eventId));
    expect(ids.size).toBe(1);
    expect(h.receiver.received.every((r) => r.verified)).toBe(true);
    const [d] = (await h.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10, endpoint_id: h.endpointId })).body.data;
    expect(d).toMatchObject({ status: 'SUCCEEDED', attempts: 3, last_status_code: 200 });
  });

  it('goes to a master endpoint for a sub-account event, carrying the sub-account id', async () => {
    const master = track(await hooked(t, { name: 'Parent' }));
    const sub = await makeSub(t.services, master.tenant, 'Child');
    const subHook = track(await hooked(t, { tenant: master.tenant, onBehalfOf: sub.id }));
    const beneficiaryId = await emitCreate(master.c.as(sub.id));
    await pumpOnce(t);
    const [eventId] = await eventIdsOf(t, beneficiaryId);
    for (const h of [master, subHook]) {
      expect(h.receiver.received.map((r) => [r.eventId, r.accountId, r.verified])).toEqual([[eventId, sub.id, true]]);
    }
    // The master's own events do not go to the sub-account's endpoint.
    await emitCreate(master.c);
    await pumpOnce(t);
    expect(master.receiver.received).toHaveLength(2);
    expect(subHook.receiver.received).toHaveLength(1);
    // Each sees its own endpoint's deliveries.
    const subList = await master.c.as(sub.id).get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10 });
    expect(subList.body.data.map((d: { webhook_endpoint_id: string }) => d.webhook_endpoint_id)).toEqual([subHook.endpointId]);
  });

  it('follows the endpoint\'s event names, and an endpoint created later gets no earlier event', async () => {
    const h = track(await hooked(t, { name: 'Picky', eventNames: ['beneficiary.update.succeeded'] }));
    const id = await emitCreate(h.c);
    await emitUpdate(h.c, id, 'first');
    const late = track(await hooked(t, { tenant: h.tenant }));
    await pumpOnce(t);
    expect(h.receiver.received.map((r) => r.eventName)).toEqual(['beneficiary.update.succeeded']);
    expect(late.receiver.received).toEqual([]);
    await emitUpdate(h.c, id, 'second');
    await pumpOnce(t);
    expect(late.receiver.received.map((r) => r.eventName)).toEqual(['beneficiary.update.succeeded']);
  });

  it('fan-out is exactly once: running it again creates nothing', async () => {
    const h = track(await hooked(t, { name: 'Once' }));
    await emitCreate(h.c);
    await fanOutAll(t);
    const { rows } = await t.db.pool.query('SELECT id FROM webhook_deliveries WHERE endpoint_id = $1', [h.endpointId]);
    expect(rows).toHaveLength(1);
    expect(await fanOut(t.db.pool, t.clock.now())).toBe(0);
    await dispatchDue(t.services, settingsOf(t));
    expect(h.receiver.received).toHaveLength(1);
  });
});

describe('order and concurrency', () => {
  it('per endpoint, events go strictly in creation order: a failing first event holds the later ones', async () => {
    const h = track(await hooked(t, { name: 'Ordered' }));
    h.receiver.script = [500];
    const id = await emitCreate(h.c);
    await emitUpdate(h.c, id, 'one');
    await emitUpdate(h.c, id, 'two');
    const eventIds = await eventIdsOf(t, id);
    await pumpOnce(t);
    expect(h.receiver.received.map((r) => r.eventId)).toEqual([eventIds[0]]);
    t.clock.advance(10);
    await pumpOnce(t);
    expect(h.receiver.received.map((r) => r.eventId)).toEqual([eventIds[0], ...eventIds]);
  });

  it('two workers claiming at once never take the same attempt, and each event arrives once', async () => {
    const hs = [];
    for (let i = 0; i < 6; i++) hs.push(track(await hooked(t, { name: `Race ${i}` })));
    await Promise.all(hs.map((h) => emitCreate(h.c)));
    await fanOutAll(t);
    const settings = settingsOf(t);
    const [x, y] = await Promise.all([claimDue(t.services, settings, 6), claimDue(t.services, settings, 6)]);
    const ids = [...x, ...y].map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    // Claimed and not recorded: a third claim finds nothing while the leases run.
    expect(await claimDue(t.services, settings, 100)).toEqual([]);
    await Promise.all([...x, ...y].map(async (d) => record(t.services, settings, d, await send(t.services, settings, d))));
    await Promise.all([dispatchDue(t.services, settings), dispatchDue(t.services, settings)]);
    for (const h of hs) expect(h.receiver.received).toHaveLength(1);
  });

  it('a crash between sending and recording re-sends the same event_id once the lease runs out', async () => {
    const h = track(await hooked(t, { name: 'Crash' }));
    await emitCreate(h.c);
    await fanOutAll(t);
    const settings = settingsOf(t);
    const [claimed] = (await claimDue(t.services, settings, 100)).filter((d) => d.endpointId === h.endpointId);
    await send(t.services, settings, claimed!); // ... and the worker dies here.
    expect(h.receiver.received).toHaveLength(1);
    await dispatchDue(t.services, settings);
    expect(h.receiver.received).toHaveLength(1);
    t.clock.advance(settings.timeoutMs / 1000 + 31);
    await dispatchDue(t.services, settings);
    expect(h.receiver.received.map((r) => r.eventId)).toEqual([h.receiver.received[0]!.eventId, h.receiver.received[0]!.eventId]);
    const [d] = (await h.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10 })).body.data;
    expect(d).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
  });
});

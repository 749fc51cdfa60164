import { DELIVERY_STATUSES, type DeliveryStatus } from '../../src/domain/developers/webhooks/rules';
import { startTestApp, type TestApp } from '../support/app';
import { advance } from '../support/sandbox';
import { allowed, cellsOf, expectCell, expectShape, ignored, refused, type Table } from '../support/state-table';
import { emitCreate, fanOutAll, hooked, pumpOnce, type Hooked } from '../developers/webhooks/harness';
import type { Receiver } from '../developers/webhooks/receiver';

/**
 * Webhook delivery: every state × what moves one: the resend call (a SUCCEEDED or FAILED delivery
 * goes PENDING again; a PENDING one is refused, it goes out anyway) and one run of the worker (fan
 * out, then send what is due) against a receiver that answers 200.
 */
const OPERATIONS = ['resend', 'worker_run'] as const;
type Operation = (typeof OPERATIONS)[number];

const TABLE: Table<DeliveryStatus, Operation> = {
  PENDING: { resend: refused(400, { code: 400, message: 'webhook delivery is still pending' }), worker_run: allowed('SUCCEEDED') },
  SUCCEEDED: { resend: allowed('PENDING'), worker_run: ignored('SUCCEEDED') },
  FAILED: { resend: allowed('PENDING'), worker_run: ignored('FAILED') },
};

let t: TestApp;
const receivers: Receiver[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t.close();
});

async function statusOf(h: Hooked): Promise<{ id: string; status: string }> {
  const list = await h.c.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 10, endpoint_id: h.endpointId });
  expect(list.body.total_items).toBe(1);
  const [d] = list.body.data as { webhook_delivery_id: string; status: string }[];
  return { id: d!.webhook_delivery_id, status: d!.status };
}

/**
 * One delivery (a beneficiary.create.succeeded event) to a fresh endpoint on its own tree's test
 * clock: PENDING once fanned out, SUCCEEDED after one worker run, FAILED when the receiver answers
 * 500 to every attempt until the 3-day window is spent (an advance of 4 days drives the retries).
 */
async function deliveryIn(state: DeliveryStatus): Promise<{ h: Hooked; id: string }> {
  const h = await hooked(t, { name: `Delivery ${state}`, eventNames: ['beneficiary.create.succeeded'] });
  receivers.push(h.receiver);
  if (state === 'FAILED') h.receiver.fallback = 500;
  await advance(h.c, 1);
  await emitCreate(h.c);
  await fanOutAll(t);
  if (state !== 'PENDING') await pumpOnce(t);
  if (state === 'FAILED') {
    await advance(h.c, 4 * 24 * 3600);
    await pumpOnce(t);
    h.receiver.fallback = 200;
  }
  const d = await statusOf(h);
  expect(d.status).toBe(state);
  return { h, id: d.id };
}

it('has a row for every delivery status and a column for every operation', () => {
  expectShape(TABLE, DELIVERY_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const { h, id } = await deliveryIn(state);
  const reply = op === 'resend' ? await h.c.post(`/v1/webhooks/deliveries/${id}/resend`, {}) : (await pumpOnce(t), { status: 200, body: {} });
  await expectCell(cell, reply, async () => (await statusOf(h)).status);
});

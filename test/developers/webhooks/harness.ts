import { dispatchDue, type WebhookSettings } from '../../../src/domain/developers/webhooks/dispatch';
import { fanOut, outboxBehind } from '../../../src/domain/developers/webhooks/fanout';
import { webhookSettings } from '../../../src/jobs/webhook-settings';
import type { TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import { makeMaster, type Tenant } from '../../support/tenants';
import { createBeneficiary, individual } from '../../wallet/beneficiaries/fixtures';
import { Receiver } from './receiver';

/** Set-up shared by the delivery tests: a tenant, a receiver and its endpoint, and events on demand. */

/** The settings of the test app, with the jitter fixed at 1.0 so the schedule is the documented one. */
export const settingsOf = (t: TestApp, over: Partial<WebhookSettings> = {}): WebhookSettings => ({
  ...webhookSettings(t.services),
  random: () => 0.5,
  ...over,
});

/**
 * Fans out until every event committed so far is behind the cursor. Transaction ids and snapshots
 * are cluster-wide, so a transaction of another test file's database can hold the reader back for
 * a moment (src/platform/events/tail.ts): wait for it rather than miss an event.
 */
export async function fanOutAll(t: TestApp): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await fanOut(t.db.pool, t.clock.now());
    if (!(await outboxBehind(t.db.pool))) return;
    if (Date.now() > deadline) throw new Error('fan-out did not catch up with the outbox');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What the worker does, once: fan out every event, then send everything due. */
export async function pumpOnce(t: TestApp, settings: WebhookSettings = settingsOf(t)): Promise<void> {
  await fanOutAll(t);
  await dispatchDue(t.services, settings);
}

export interface Hooked {
  tenant: Tenant;
  c: Client;
  receiver: Receiver;
  endpointId: string;
}

/** A fresh tenant with an endpoint on a fresh receiver (acting as `onBehalfOf` when given). */
export async function hooked(t: TestApp, opts: { name?: string; eventNames?: string[]; tenant?: Tenant; onBehalfOf?: string } = {}): Promise<Hooked> {
  const tenant = opts.tenant ?? (await makeMaster(t.services, { name: opts.name ?? 'Hooked' }));
  const c = (await clientOf(t, tenant)).as(opts.onBehalfOf);
  const receiver = await Receiver.start();
  const res = await c.post('/v1/webhooks/endpoints', { url: receiver.url, ...(opts.eventNames ? { event_names: opts.eventNames } : {}) });
  if (res.status !== 200) throw new Error(`endpoint failed: ${res.raw}`);
  receiver.secret = res.body.secret as string;
  return { tenant, c, receiver, endpointId: res.body.webhook_endpoint_id as string };
}

/** Emits beneficiary.create.succeeded; answers the beneficiary id (the event's source_id). */
export const emitCreate = async (c: Client): Promise<string> => (await createBeneficiary(c, individual())).beneficiary_id;

/** Emits beneficiary.update.succeeded on an existing beneficiary. */
export async function emitUpdate(c: Client, beneficiaryId: string, nickname: string): Promise<void> {
  const res = await c.post(`/v1/beneficiaries/${beneficiaryId}`, { nickname });
  if (res.status !== 200) throw new Error(`update failed: ${res.raw}`);
}

export async function eventIdsOf(t: TestApp, sourceId: string): Promise<string[]> {
  const { rows } = await t.db.pool.query<{ id: string }>('SELECT id FROM outbox_events WHERE source_id = $1 ORDER BY tx_id, seq', [sourceId]);
  return rows.map((r) => r.id);
}

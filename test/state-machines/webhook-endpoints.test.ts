import { ENDPOINT_STATUSES, type EndpointStatus } from '../../src/domain/developers/webhooks/rules';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client } from '../support/client';
import { allowed, cellsOf, expectCell, expectShape, type Table } from '../support/state-table';
import { makeMaster } from '../support/tenants';

/**
 * Webhook endpoint: both states × every call on an endpoint (docs/webhooks.md): the status update
 * to each value, a URL update, a secret rotation and the delete. None is refused by state: a
 * DISABLED endpoint is the customer's to change, enable or delete like an ENABLED one. A deleted
 * endpoint is no longer listed (GONE).
 */
const OPERATIONS = ['set_ENABLED', 'set_DISABLED', 'update_url', 'rotate_secret', 'delete'] as const;
type Operation = (typeof OPERATIONS)[number];
type After = EndpointStatus | 'GONE';

const TABLE: Table<EndpointStatus, Operation, After> = {
  ENABLED: { set_ENABLED: allowed('ENABLED'), set_DISABLED: allowed('DISABLED'), update_url: allowed('ENABLED'), rotate_secret: allowed('ENABLED'), delete: allowed('GONE') },
  DISABLED: { set_ENABLED: allowed('ENABLED'), set_DISABLED: allowed('DISABLED'), update_url: allowed('DISABLED'), rotate_secret: allowed('DISABLED'), delete: allowed('GONE') },
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The endpoint's status as the list answers it, GONE when it is not listed. */
async function statusOf(c: Client, id: string): Promise<After> {
  const list = await c.get('/v1/webhooks/endpoints', { page_number: 1, page_size: 10 });
  const row = (list.body.data as { webhook_endpoint_id: string; status: EndpointStatus }[]).find((e) => e.webhook_endpoint_id === id);
  return row?.status ?? 'GONE';
}

/** An endpoint of a fresh tenant, DISABLED through the status update when asked. Nothing is sent to it. */
async function endpointIn(state: EndpointStatus): Promise<{ c: Client; id: string }> {
  const c = await clientOf(t, await makeMaster(t.services, { name: `Endpoint ${state}` }));
  const created = await c.post('/v1/webhooks/endpoints', { url: 'https://hooks.example/payrail' });
  const id: string = created.body.webhook_endpoint_id;
  if (state === 'DISABLED') await c.post(`/v1/webhooks/endpoints/${id}`, { status: 'DISABLED' });
  expect(await statusOf(c, id)).toBe(state);
  return { c, id };
}

function apply(op: Operation, c: Client, id: string) {
  switch (op) {
    case 'set_ENABLED':
      return c.post(`/v1/webhooks/endpoints/${id}`, { status: 'ENABLED' });
    case 'set_DISABLED':
      return c.post(`/v1/webhooks/endpoints/${id}`, { status: 'DISABLED' });
    case 'update_url':
      return c.post(`/v1/webhooks/endpoints/${id}`, { url: 'https://hooks.example/moved' });
    case 'rotate_secret':
      return c.post(`/v1/webhooks/endpoints/${id}/rotate_secret`, {});
    case 'delete':
      return c.post(`/v1/webhooks/endpoints/${id}/delete`, {});
  }
}

it('has a row for every endpoint status and a column for every operation', () => {
  expectShape(TABLE, ENDPOINT_STATUSES, OPERATIONS);
});

it.each(cellsOf(TABLE, OPERATIONS))('%s × %s', async (state, op, cell) => {
  const { c, id } = await endpointIn(state);
  const reply = await apply(op, c, id);
  await expectCell(cell, reply, () => statusOf(c, id));
});

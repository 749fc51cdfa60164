import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client } from '../../support/client';
import {
  CreateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  ResendWebhookDeliveryDocument,
  RotateWebhookEndpointSecretDocument,
  UpdateWebhookEndpointDocument,
  WebhookDeliveriesDocument,
  WebhookEndpointDocument,
  WebhookEndpointsDocument,
} from '../../support/graphql.generated';
import { makeMaster, makeSub } from '../../support/tenants';
import { emitCreate, pumpOnce } from './harness';
import { Receiver } from './receiver';

/** The GraphQL door: the same services as REST, errors naming GraphQL fields. */

let t: TestApp;
let c: Client;
let receiver: Receiver;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'Graph' }));
  receiver = await Receiver.start();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhooks over GraphQL', () => {
  it('creates, lists, updates, rotates and deletes an endpoint', async () => {
    const created = await c.gql(CreateWebhookEndpointDocument, { input: { url: receiver.url, eventNames: ['beneficiary.create.succeeded'] } });
    expect(created.errors).toBeUndefined();
    const e = created.data!.createWebhookEndpoint;
    expect(e.webhookEndpoint).toMatchObject({ url: receiver.url, eventNames: ['beneficiary.create.succeeded'], status: 'ENABLED' });
    expect(e.secret).toMatch(/^whsec_/);
    receiver.secret = e.secret!;

    const list = await c.gql(WebhookEndpointsDocument, { first: 10 });
    expect(list.data!.webhookEndpoints.totalCount).toBe(1);
    expect(list.data!.webhookEndpoints.edges[0]!.node.id).toBe(e.webhookEndpoint!.id);

    const updated = await c.gql(UpdateWebhookEndpointDocument, { input: { id: e.webhookEndpoint!.id, eventNames: null } });
    expect(updated.data!.updateWebhookEndpoint.webhookEndpoint!).toMatchObject({ id: e.webhookEndpoint!.id, eventNames: null, status: 'ENABLED' });
    const disabled = await c.gql(UpdateWebhookEndpointDocument, { input: { id: e.webhookEndpoint!.id, status: 'DISABLED' } });
    expect(disabled.data!.updateWebhookEndpoint.webhookEndpoint!.status).toBe('DISABLED');
    await c.gql(UpdateWebhookEndpointDocument, { input: { id: e.webhookEndpoint!.id, status: 'ENABLED' } });

    const rotated = await c.gql(RotateWebhookEndpointSecretDocument, { id: e.webhookEndpoint!.id });
    expect(rotated.data!.rotateWebhookEndpointSecret.secret).not.toBe(e.secret);
    receiver.secret = rotated.data!.rotateWebhookEndpointSecret.secret!;

    // A delivery after rotation is signed with the new secret, and can be resent.
    await emitCreate(c);
    await pumpOnce(t);
    expect(receiver.received.map((r) => r.verified)).toEqual([true]);
    const deliveries = await c.gql(WebhookDeliveriesDocument, { first: 10, filter: { endpointId: e.webhookEndpoint!.id, status: 'SUCCEEDED' } });
    const d = deliveries.data!.webhookDeliveries.edges[0]!.node;
    expect(d).toMatchObject({ endpointId: e.webhookEndpoint!.id, eventName: 'beneficiary.create.succeeded', attempts: 1, lastStatusCode: 200 });
    const resent = await c.gql(ResendWebhookDeliveryDocument, { id: d.id });
    expect(resent.data!.resendWebhookDelivery.webhookDelivery!).toMatchObject({ id: d.id, status: 'PENDING' });
    await pumpOnce(t);
    expect(receiver.received.map((r) => r.eventId)).toEqual([d.eventId, d.eventId]);

    const deleted = await c.gql(DeleteWebhookEndpointDocument, { id: e.webhookEndpoint!.id });
    expect(deleted.data!.deleteWebhookEndpoint.webhookEndpoint!.id).toBe(e.webhookEndpoint!.id);
    expect((await c.gql(WebhookEndpointsDocument, { first: 10 })).data!.webhookEndpoints.totalCount).toBe(0);
  });

  it('names GraphQL fields in validation errors, and hides other accounts\' endpoints', async () => {
    const bad = await c.gql(CreateWebhookEndpointDocument, { input: { url: 'https://x.example.com', eventNames: ['nope'] } });
    expect(bad.data!.createWebhookEndpoint.userErrors[0]!.message).toBe("Invalid value for field 'eventNames': unknown event names: nope");
    const relative = await c.gql(CreateWebhookEndpointDocument, { input: { url: 'hooks' } });
    expect(relative.data!.createWebhookEndpoint.userErrors[0]!.message).toBe("Invalid value for field 'url': must be an absolute http or https URL without credentials");

    const master = await makeMaster(t.services, { name: 'Other' });
    const sub = await makeSub(t.services, master, 'Other Sub');
    const other = await clientOf(t, master);
    const mine = (await c.gql(CreateWebhookEndpointDocument, { input: { url: 'https://mine.example.com' } })).data!.createWebhookEndpoint;
    const res = await other.gql(RotateWebhookEndpointSecretDocument, { id: mine.webhookEndpoint!.id });
    expect(res.data!.rotateWebhookEndpointSecret.userErrors[0]!.message).toBe('webhook endpoint not found');
    const asSub = await other.as(sub.id).gql(CreateWebhookEndpointDocument, { input: { url: 'https://sub.example.com' } });
    expect(asSub.errors).toBeUndefined();
    expect((await other.gql(WebhookEndpointsDocument, { first: 10 })).data!.webhookEndpoints.totalCount).toBe(0);
    expect((await other.as(sub.id).gql(WebhookEndpointsDocument, { first: 10 })).data!.webhookEndpoints.totalCount).toBe(1);
  });
});

describe('webhookEndpoint(id)', () => {
  it("answers one of the account's endpoints, and null for an unknown, malformed or another account's id", async () => {
    const created = (await c.gql(CreateWebhookEndpointDocument, { input: { url: receiver.url } })).data!.createWebhookEndpoint.webhookEndpoint!;
    const found = await c.gql(WebhookEndpointDocument, { id: created.id });
    expect(found.data!.webhookEndpoint).toEqual({ id: created.id, url: receiver.url, status: created.status });
    const other = await clientOf(t, await makeMaster(t.services, { name: 'Graph stranger' }));
    for (const [client, id] of [[other, created.id], [c, '00000000-0000-4000-8000-000000000000'], [c, 'not-an-id']] as const) {
      const r = await client.gql(WebhookEndpointDocument, { id });
      expect([r.errors, r.data]).toEqual([undefined, { webhookEndpoint: null }]);
    }
  });
});

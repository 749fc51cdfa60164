import { clientOf, type Client } from '../support/client';
import { fundWallet } from '../support/ledger';
import { makeMaster, tokenFor, type Tenant } from '../support/tenants';
import { createBeneficiary, createPayout, payoutBody } from '../wallet/payouts/fixtures';
import { startLiveApp, subscribe, untilSubscribers, type LiveApp } from './support';

/**
 * The events subscription's `subject`: the object the event is about as a GraphQL type of the API
 * (the EventSubject union), made by the mappers the queries use, beside `webhookData`, the webhook body's.
 */
let live: LiveApp;
let master: Tenant;
let c: Client;
let token: string;

beforeAll(async () => {
  live = await startLiveApp();
  master = await makeMaster(live.t.services, { name: 'Typed Live Co' });
  c = await clientOf(live.t, master);
  token = await tokenFor(live.t, master);
  await fundWallet(live.t.services, master.account.id, 'USD', '10000.00');
});
afterAll(() => live.t.close());

const TYPED = `subscription Typed {
  events {
    type objectId webhookData
    subject {
      __typename
      ... on Beneficiary { id }
      ... on Payout { id status payoutAmount createdAt }
    }
  }
}`;

test('each event carries its object typed, in GraphQL names, as the query for it answers', async () => {
  const sub = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${token}` }, {}, TYPED);
  await untilSubscribers(live.base, 1);
  const beneficiary = await createBeneficiary(c);
  const payout = await createPayout(c, payoutBody(beneficiary));
  const [b, p] = (await sub.waitFor(2)) as unknown as { type: string; objectId: string; webhookData: Record<string, unknown>; subject: Record<string, unknown> }[];
  expect(b!.subject).toEqual({ __typename: 'Beneficiary', id: beneficiary });
  const { data } = await live.t.inject({ method: 'POST', url: '/graphql', headers: { 'x-auth-token': `Bearer ${token}` }, payload: { query: `{ payout(id: "${payout}") { id status payoutAmount createdAt } }` } }).then((r) => r.json() as { data: { payout: Record<string, unknown> } });
  expect(p!.subject).toEqual({ __typename: 'Payout', ...data.payout });
  // webhookData stays the REST object a webhook delivery of the same event carries.
  expect(p!.webhookData).toMatchObject({ payout_id: payout, payout_status: 'READY_TO_SEND' });
  expect(sub.errors).toEqual([]);
  await sub.dispose();
  await untilSubscribers(live.base, 0);
});

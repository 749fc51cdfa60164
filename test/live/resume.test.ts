import { clientOf, type Client } from '../support/client';
import { makeMaster, tokenFor, type Tenant } from '../support/tenants';
import { createBeneficiary } from '../wallet/payouts/fixtures';
import { startLiveApp, subscribe, untilSubscribers, type LiveApp } from './support';

/**
 * Resuming the events subscription: with `after`, every event after that cursor first, then the
 * live ones, none missed and none twice, also for events written while it goes live.
 */
let live: LiveApp;
let master: Tenant;
let c: Client;
let token: string;

beforeAll(async () => {
  live = await startLiveApp();
  master = await makeMaster(live.t.services, { name: 'Resume Co' });
  c = await clientOf(live.t, master);
  token = await tokenFor(live.t, master);
});
afterAll(() => live.t.close());

const NEWEST = `query Newest($filter: EventFilter) { events(first: 1, filter: $filter) { edges { cursor node { objectId } } } }`;
const ONLY_BENEFICIARIES = { types: ['beneficiary.create.succeeded'] };

async function newestCursor(client: Client, objectId: string): Promise<string> {
  // The history lists an event once every older transaction has ended: normally at once.
  for (let i = 0; i < 100; i++) {
    const { data } = await client.gql(NEWEST, { filter: ONLY_BENEFICIARIES });
    const edge = (data as { events: { edges: { cursor: string; node: { objectId: string } }[] } }).events.edges[0];
    if (edge?.node.objectId === objectId) return edge.cursor;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the history never listed ${objectId}`);
}

describe('subscription { events(after:) }', () => {
  it('replays the events after the cursor, then goes live; events written across the seam arrive exactly once, in order', async () => {
    const seen = await createBeneficiary(c);
    const cursor = await newestCursor(c, seen);
    // Written between the history query and going live.
    const missed = [await createBeneficiary(c), await createBeneficiary(c)];
    // And written while the subscription starts: some land in its replay, some in its live queue.
    const during: string[] = [];
    const writer = (async () => {
      for (let i = 0; i < 12; i++) during.push(await createBeneficiary(c));
    })();
    const sub = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${token}` }, { after: cursor, filter: ONLY_BENEFICIARIES });
    await writer;
    await untilSubscribers(live.base, 1);
    const after = [await createBeneficiary(c)];
    const expected = [...missed, ...during, ...after];
    const events = await sub.waitFor(expected.length);
    // A moment for anything that would arrive twice.
    await new Promise((r) => setTimeout(r, 300));
    expect(sub.events.map((e) => e.objectId)).toEqual(expected);
    expect(sub.errors).toEqual([]);
    // Each event carries its own cursor: resuming from any of them continues right after it.
    const again = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${token}` }, { after: events[expected.length - 3]!.cursor, filter: ONLY_BENEFICIARIES });
    expect((await again.waitFor(2)).map((e) => e.objectId)).toEqual(expected.slice(-2));
    await Promise.all([sub.dispose(), again.dispose()]);
    await untilSubscribers(live.base, 0);
  });

  it('without after, starts at now: nothing older is replayed', async () => {
    await createBeneficiary(c);
    const sub = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${token}` }, { filter: ONLY_BENEFICIARIES });
    await untilSubscribers(live.base, 1);
    const fresh = await createBeneficiary(c);
    expect((await sub.waitFor(1)).map((e) => e.objectId)).toEqual([fresh]);
    await sub.dispose();
    await untilSubscribers(live.base, 0);
  });

  it('refuses a cursor that is not an event cursor, naming after', async () => {
    const { data } = await c.gql(`{ payouts(first: 1) { pageInfo { endCursor } } }`);
    const bad = [`not-a-cursor`, (data as { payouts: { pageInfo: { endCursor: string | null } } }).payouts.pageInfo.endCursor ?? 'eyJ2IjoxfQ'];
    for (const after of bad) {
      const sub = subscribe(live.wsUrl, { 'x-auth-token': `Bearer ${token}` }, { after });
      for (let i = 0; i < 200 && sub.errors.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(JSON.stringify(sub.errors)).toContain('Invalid value for argument \\"after\\"');
      await sub.dispose();
    }
  });
});

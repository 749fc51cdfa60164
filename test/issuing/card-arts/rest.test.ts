import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Json } from '../../support/client';
import { eventData } from '../../support/events';
import { makeMaster, makeSub } from '../../support/tenants';
import { advance } from '../../support/sandbox';
import { createCard, productOf } from '../cards/fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await clientOf(t, await makeMaster(t.services, { name: 'Card arts' }));
});
afterAll(() => t.close());

const arts = async (cl: Client, query: Record<string, string> = {}) => {
  const res = await cl.get('/v1/issuing/cards/arts', query);
  if (res.status !== 200) throw new Error(`${res.status} ${res.raw}`);
  return res.body as { default_card_art_id: string; card_arts: Json[] };
};

describe("GET /v1/issuing/cards/arts (the official clients' listArts)", () => {
  it('lists two arts of every product, all system designs, the first product\'s first art as the default', async () => {
    const list = await arts(c);
    expect(list.card_arts).toHaveLength(10);
    expect(list.card_arts[0]).toEqual({ card_art_id: list.default_card_art_id, description: 'VISA 491090, Classic white', is_default: true, is_system_config: true });
    expect(list.card_arts.filter((a) => a.is_default)).toHaveLength(1);
    expect(list.card_arts.every((a) => a.is_system_config === true)).toBe(true);
    expect(new Set(list.card_arts.map((a) => a.card_art_id)).size).toBe(10);
  });

  it("lists one product's arts with card_product_id; an unknown or another tree's product is product_not_found", async () => {
    const list = await arts(c, { card_product_id: await productOf(c, '555071') });
    expect(list.card_arts.map((a) => a.description)).toEqual(['MASTERCARD 555071, Classic white', 'MASTERCARD 555071, Midnight blue']);
    expect(list.default_card_art_id).toBe(list.card_arts[0]!.card_art_id);
    const other = await clientOf(t, await makeMaster(t.services, { name: 'Other arts' }));
    for (const id of [await productOf(other, '555071'), '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await c.get('/v1/issuing/cards/arts', { card_product_id: id });
      expect([res.status, res.body]).toEqual([400, { type: 'account_error', code: 'product_not_found', message: 'product not found or inactive' }]);
    }
  });

  it("shows another tree the same designs under other ids", async () => {
    const other = await clientOf(t, await makeMaster(t.services, { name: 'Other tree' }));
    const mine = (await arts(c)).card_arts;
    const theirs = (await arts(other)).card_arts;
    expect(theirs.map((a) => a.description)).toEqual(mine.map((a) => a.description));
    for (const a of theirs) expect(mine.map((m) => m.card_art_id)).not.toContain(a.card_art_id);
  });
});

describe("POST /v1/issuing/cards/arts/default (the official clients' setDefaultArt)", () => {
  it('makes an art the default of its product and of the whole list, with its event; other products keep their first art', async () => {
    const master = await makeMaster(t.services, { name: 'Default art' });
    const me = await clientOf(t, master);
    const product = await productOf(me, '428852');
    const midnight = (await arts(me, { card_product_id: product })).card_arts[1]!;
    const res = await me.post('/v1/issuing/cards/arts/default', { card_art_id: midnight.card_art_id });
    expect([res.status, res.body]).toEqual([200, { default_card_art_id: midnight.card_art_id, updated_at: '2026-11-21T10:00:00.000Z' }]);
    expect(await eventData(t, midnight.card_art_id as string, 'card_art.set_default.succeeded')).toEqual(res.body);
    const ofProduct = await arts(me, { card_product_id: product });
    expect([ofProduct.default_card_art_id, ofProduct.card_arts.map((a) => a.is_default)]).toEqual([midnight.card_art_id, [false, true]]);
    expect((await arts(me)).default_card_art_id).toBe(midnight.card_art_id);
    const single = await arts(me, { card_product_id: await productOf(me, '491090') });
    expect(single.default_card_art_id).toBe(single.card_arts[0]!.card_art_id);
    // A sub-account chooses for itself; the master's choice stays.
    const sub = await makeSub(t.services, master);
    expect((await arts(me.as(sub.id))).default_card_art_id).not.toBe(midnight.card_art_id);
  });

  it("refuses an art that is not one of the tree's with card_art_not_found, and a missing one naming the field", async () => {
    const other = await clientOf(t, await makeMaster(t.services, { name: 'Foreign arts' }));
    for (const id of [(await arts(other)).card_arts[1]!.card_art_id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await c.post('/v1/issuing/cards/arts/default', { card_art_id: id });
      expect([res.status, res.body]).toEqual([400, { type: 'card_error', code: 'card_art_not_found', message: 'card art not found' }]);
    }
    const res = await c.post('/v1/issuing/cards/arts/default', {});
    expect([res.status, res.body]).toEqual([400, { type: 'invalid_request_error', code: 'invalid_request_error', message: "Field 'card_art_id' is required" }]);
  });
});

describe("a card's art", () => {
  it("is its product's default art at creation (the account's choice when it is one of the product's), and CI4 changes it with name_on_card", async () => {
    const master = await makeMaster(t.services, { name: 'Card with art' });
    const me = await clientOf(t, master);
    const product = await productOf(me, '428852');
    const [classic, midnight] = (await arts(me, { card_product_id: product })).card_arts as { card_art_id: string }[];
    const first = await createCard(me, {}, '428852');
    expect((await me.get(`/v1/issuing/cards/${first.card_id}`)).body.card_art_id).toBe(classic!.card_art_id);
    await me.post('/v1/issuing/cards/arts/default', { card_art_id: midnight!.card_art_id });
    const second = await createCard(me, {}, '428852');
    expect((await me.get(`/v1/issuing/cards/${second.card_id}`)).body.card_art_id).toBe(midnight!.card_art_id);
    const other = await createCard(me, {}, '491090');
    const otherArts = (await arts(me, { card_product_id: await productOf(me, '491090') })).card_arts;
    expect((await me.get(`/v1/issuing/cards/${other.card_id}`)).body.card_art_id).toBe(otherArts[0]!.card_art_id);
    await advance(me, 3);
    const res = await me.post(`/v1/issuing/cards/${first.card_id}`, { card_art_id: midnight!.card_art_id, name_on_card: 'JANE TRAVEL' });
    expect(res.status).toBe(200);
    expect((await me.get(`/v1/issuing/cards/${first.card_id}`)).body).toMatchObject({ card_art_id: midnight!.card_art_id, card_name: 'JANE TRAVEL' });
    const foreign = await me.post(`/v1/issuing/cards/${first.card_id}`, { card_art_id: otherArts[1]!.card_art_id });
    expect(foreign.body).toEqual({ type: 'card_error', code: 'card_art_not_found', message: 'card art not found' });
    const long = await me.post(`/v1/issuing/cards/${first.card_id}`, { name_on_card: 'X'.repeat(27) });
    expect(long.body).toEqual({ type: 'invalid_request_error', code: 'invalid_request_error', message: "Invalid value for field 'name_on_card': must be at most 26 characters" });
  });
});

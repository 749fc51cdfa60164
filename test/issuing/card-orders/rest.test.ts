import { startTestApp, type TestApp } from '../../support/app';
import { ledgerBalance } from '../../support/ledger';
import { advance } from '../../support/sandbox';
import { eventData } from '../../support/events';
import { cardBody, createCard } from '../cards/fixtures';
import { fundIssuing, issuingBalance, issuingTenant } from '../balances/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const B = (message: string) => ({ code: 400, message });
const SINGLE = '491090';
const SHARE = '428852';

describe('CI1 on a SINGLE product: card_limit moves onto the card', () => {
  it('funds the card from the issuing balance in the creation transaction', async () => {
    const { c, id } = await issuingTenant(t);
    await fundIssuing(c, 100);
    const card = await createCard(c, { card_limit: 40.5 }, SINGLE);
    expect((await c.get(`/v1/issuing/cards/${card.card_id}`)).body).toMatchObject({ mode_type: 'SINGLE', card_limit: 40.5, available_balance: 40.5 });
    expect((await issuingBalance(c)).available_balance).toBe('59.50');
    expect(await ledgerBalance(t.services, id, 'USD', 'CARD_BALANCE')).toBe('40.5');
  });

  it('answers account_balance_error when the issuing balance is short, and writes nothing', async () => {
    const { c, id } = await issuingTenant(t);
    await fundIssuing(c, 10);
    const res = await c.post('/v1/issuing/cards', await cardBody(c, { card_limit: 10.01 }, SINGLE));
    expect([res.status, res.body]).toEqual([
      400,
      { type: 'account_error', code: 'account_balance_error', message: 'insufficient balance or currency balance unavailable' },
    ]);
    expect(await t.db.prisma.card.count({ where: { accountId: id } })).toBe(0);
    expect(await t.db.prisma.cardSecret.count({ where: { accountId: id } })).toBe(0);
    expect((await issuingBalance(c)).available_balance).toBe('10.00');
  });
});

describe('Card available_balance', () => {
  it('shows a SHARE card the issuing balance, capped by its own room under a card_limit', async () => {
    const { c } = await issuingTenant(t);
    await fundIssuing(c, 80);
    const open = await createCard(c, {}, SHARE);
    const capped = await createCard(c, { card_limit: 25 }, SHARE);
    const above = await createCard(c, { card_limit: 500 }, SHARE);
    const sgd = await createCard(c, { card_currency: 'SGD' }, SHARE);
    const list = await c.get('/v1/issuing/cards', { page_number: 1, page_size: 10 });
    const balanceOf = (id: string) => list.body.data.find((x: { card_id: string }) => x.card_id === id).available_balance;
    expect([open, capped, above, sgd].map((x) => balanceOf(x.card_id as string))).toEqual([80, 25, 80, 0]);
    expect((await c.get(`/v1/issuing/cards/${capped.card_id}`)).body.available_balance).toBe(25);
  });
});

describe('POST /v1/issuing/cards/{id}/recharge (CI8) and /withdraw (CI9)', () => {
  async function activeSingle(limit = 10, fund = 100) {
    const x = await issuingTenant(t);
    await fundIssuing(x.c, fund);
    const card = await createCard(x.c, { card_limit: limit }, SINGLE);
    await advance(x.c, 3);
    return { ...x, cardId: card.card_id as string };
  }

  it('recharges from the issuing balance and answers the CardOrder, SUCCESS at once, with its event', async () => {
    const { c, cardId } = await activeSingle();
    const res = await c.post(`/v1/issuing/cards/${cardId}/recharge`, { amount: 12.34 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      card_id: cardId,
      card_order_id: expect.stringMatching(UUID),
      order_type: 'RECHARGE',
      amount: 12.34,
      card_currency: 'USD',
      create_time: '2026-11-21 10:00:03',
      update_time: '2026-11-21 10:00:03',
      complete_time: '2026-11-21 10:00:03',
      order_status: 'SUCCESS',
    });
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body.available_balance).toBe(22.34);
    expect((await issuingBalance(c)).available_balance).toBe('77.66');
    const event = await t.db.prisma.outboxEvent.findFirst({ where: { sourceId: cardId, eventName: 'card.recharge.succeeded' } });
    expect(event).toMatchObject({ eventType: 'ISSUING' });
    // Issue 11: the event's data is the order as GET /v1/issuing/cards/orders/{card_order_id} answers it.
    const got = await c.get(`/v1/issuing/cards/orders/${res.body.card_order_id}`);
    expect(got.status).toBe(200);
    expect(await eventData(t, cardId, 'card.recharge.succeeded')).toEqual(got.body);
  });

  it('withdraws to the issuing balance; more than the card holds is `Card available limit insufficient`', async () => {
    const { c, cardId } = await activeSingle(10);
    const res = await c.post(`/v1/issuing/cards/${cardId}/withdraw`, { amount: 4 });
    expect(res.body).toMatchObject({ order_type: 'WITHDRAW', amount: 4, order_status: 'SUCCESS' });
    // Issue 11: the event's data is the order as GET /v1/issuing/cards/orders/{card_order_id} answers it.
    expect(await eventData(t, cardId, 'card.withdraw.succeeded')).toEqual((await c.get(`/v1/issuing/cards/orders/${res.body.card_order_id}`)).body);
    expect((await c.post(`/v1/issuing/cards/${cardId}/withdraw`, { amount: 6.01 })).body).toEqual(B('Card available limit insufficient'));
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body.available_balance).toBe(6);
    expect((await issuingBalance(c)).available_balance).toBe('94.00');
  });

  it('refuses a recharge the issuing balance cannot cover with `Insufficient balance`, recording no order', async () => {
    const { c, cardId, id } = await activeSingle(10, 15);
    expect((await c.post(`/v1/issuing/cards/${cardId}/recharge`, { amount: 5.01 })).body).toEqual(B('Insufficient balance'));
    expect(await t.db.prisma.cardOrder.count({ where: { accountId: id } })).toBe(0);
  });

  it('answers each endpoint its own invalid-amount message', async () => {
    const { c, cardId } = await activeSingle();
    for (const body of [{}, { amount: 0 }, { amount: -1 }, { amount: 1.005 }, { amount: '0.00' }, { amount: '1.005' }, { amount: '-5' }, { amount: '5x' }, { amount: '' }, { amount: null }]) {
      expect((await c.post(`/v1/issuing/cards/${cardId}/recharge`, body)).body).toEqual(B('Recharge amount is invalid'));
      expect((await c.post(`/v1/issuing/cards/${cardId}/withdraw`, body)).body).toEqual(B('Withdraw amount is invalid'));
    }
  });

  it("reads a decimal string amount as the number it writes, as the Python client's README sends it", async () => {
    const { c, cardId } = await activeSingle(10);
    expect((await c.post(`/v1/issuing/cards/${cardId}/recharge`, { amount: '40.50' })).body).toMatchObject({ order_type: 'RECHARGE', amount: 40.5, order_status: 'SUCCESS' });
    expect((await c.post(`/v1/issuing/cards/${cardId}/withdraw`, { amount: '0.5' })).body).toMatchObject({ order_type: 'WITHDRAW', amount: 0.5, order_status: 'SUCCESS' });
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body.available_balance).toBe(50);
    expect((await issuingBalance(c)).available_balance).toBe('50.00');
  });

  it('refuses a card that is not active, a SHARE card, a one-time card, an expired card, another tenant card', async () => {
    const { c } = await issuingTenant(t);
    await fundIssuing(c, 100);
    const pending = await createCard(c, { card_limit: 1 }, SINGLE);
    expect((await c.post(`/v1/issuing/cards/${pending.card_id}/recharge`, { amount: 1 })).body).toEqual(B('The card is not active.'));
    const share = await createCard(c, {}, SHARE);
    const oneTime = await createCard(c, { card_limit: 1, usage_type: 'ONE_TIME', auto_cancel_trigger: 'ON_AUTH' }, SINGLE);
    const expiring = await createCard(c, { card_limit: 1, expiry_at: '2026-11-21T10:00:05Z' }, SINGLE);
    await advance(c, 3);
    expect((await c.post(`/v1/issuing/cards/${share.card_id}/recharge`, { amount: 1 })).body).toEqual(B('The card currently does not support recharge'));
    expect((await c.post(`/v1/issuing/cards/${share.card_id}/withdraw`, { amount: 1 })).body).toEqual(B('The card currently does not support withdraw'));
    expect((await c.post(`/v1/issuing/cards/${oneTime.card_id}/recharge`, { amount: 1 })).body).toEqual(B('This operation cannot be performed on One-Time Card.'));
    await c.post(`/v1/issuing/cards/${pending.card_id}/status`, { card_status: 'FROZEN' });
    expect((await c.post(`/v1/issuing/cards/${pending.card_id}/withdraw`, { amount: 1 })).body).toEqual(B('The card is not active.'));
    // expiry_at passed but its cancel not run yet: the card still reads ACTIVE.
    await t.db.prisma.scheduledTransition.deleteMany({ where: { subjectId: expiring.card_id as string, kind: 'card.expire' } });
    await advance(c, 5);
    expect((await c.post(`/v1/issuing/cards/${expiring.card_id}/recharge`, { amount: 1 })).body).toEqual(B('Invalid expiry date'));
    const other = await issuingTenant(t, '1', 'Other');
    expect((await other.c.post(`/v1/issuing/cards/${share.card_id}/recharge`, { amount: 1 })).body).toEqual({
      type: 'card_error',
      code: 'card_not_found',
      message: 'card not found or deactivated',
    });
  });
});

describe('GET /v1/issuing/cards/orders/{card_order_id} (CI12)', () => {
  it('retrieves the creation order and recharge and withdraw orders; anything else is `Card order is not exists`', async () => {
    const { c } = await issuingTenant(t);
    await fundIssuing(c, 100);
    const card = await createCard(c, { card_limit: 10 }, SINGLE);
    const created = await c.get(`/v1/issuing/cards/orders/${card.card_order_id}`);
    expect(created.body).toEqual({
      card_id: card.card_id,
      card_order_id: card.card_order_id,
      order_type: 'CREATE',
      amount: 10,
      card_currency: 'USD',
      create_time: '2026-11-21 10:00:00',
      update_time: '2026-11-21 10:00:00',
      order_status: 'PENDING',
    });
    await advance(c, 3);
    expect((await c.get(`/v1/issuing/cards/orders/${card.card_order_id}`)).body).toMatchObject({ order_status: 'SUCCESS', complete_time: '2026-11-21 10:00:03' });
    const recharge = (await c.post(`/v1/issuing/cards/${card.card_id}/recharge`, { amount: 3 })).body;
    expect((await c.get(`/v1/issuing/cards/orders/${recharge.card_order_id}`)).body).toEqual(recharge);
    const other = await issuingTenant(t, '1', 'Other');
    for (const id of [recharge.card_order_id, card.card_order_id, card.card_id, 'nope']) {
      expect((await other.c.get(`/v1/issuing/cards/orders/${id}`)).body).toEqual(B('Card order is not exists'));
    }
  });
});

describe('GET /v1/issuing/cards/{id}/order (CI12, the official client\'s retrieveOrder)', () => {
  it("answers the card's latest order: its creation order first, then its last recharge or withdraw", async () => {
    const { c } = await issuingTenant(t);
    await fundIssuing(c, 100);
    const card = await createCard(c, { card_limit: 10 }, SINGLE);
    expect((await c.get(`/v1/issuing/cards/${card.card_id}/order`)).body).toMatchObject({ card_order_id: card.card_order_id, order_type: 'CREATE', order_status: 'PENDING' });
    await advance(c, 3);
    const recharge = (await c.post(`/v1/issuing/cards/${card.card_id}/recharge`, { amount: 3 })).body;
    await advance(c, 1);
    const withdraw = (await c.post(`/v1/issuing/cards/${card.card_id}/withdraw`, { amount: 2 })).body;
    expect(recharge.card_order_id).not.toBe(withdraw.card_order_id);
    expect((await c.get(`/v1/issuing/cards/${card.card_id}/order`)).body).toEqual(withdraw);
    const other = await issuingTenant(t, '1', 'Other');
    const res = await other.c.get(`/v1/issuing/cards/${card.card_id}/order`);
    expect([res.status, res.body.code]).toEqual([400, 'card_not_found']);
  });

  it("answers one order by its own card_order_id as well (the Python client's retrieve_order(\"card-order-id\"))", async () => {
    const { c } = await issuingTenant(t);
    await fundIssuing(c, 100);
    const card = await createCard(c, { card_limit: 10 }, SINGLE);
    await advance(c, 3);
    const recharge = (await c.post(`/v1/issuing/cards/${card.card_id}/recharge`, { amount: 3 })).body;
    await advance(c, 1);
    await c.post(`/v1/issuing/cards/${card.card_id}/withdraw`, { amount: 2 });
    expect((await c.get(`/v1/issuing/cards/${recharge.card_order_id}/order`)).body).toEqual(recharge);
    expect((await c.get(`/v1/issuing/cards/${card.card_order_id}/order`)).body).toEqual((await c.get(`/v1/issuing/cards/orders/${card.card_order_id}`)).body);
    const other = await issuingTenant(t, '1', 'Other');
    for (const id of [recharge.card_order_id, card.card_order_id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await other.c.get(`/v1/issuing/cards/${id}/order`);
      expect([res.status, res.body]).toEqual([400, { type: 'card_error', code: 'card_not_found', message: 'card not found or deactivated' }]);
    }
  });
});

describe("the official clients' README card sequence (create, list, retrieve, freeze, unfreeze, recharge 100, withdraw 50)", () => {
  it('works on the first product listed, with only card_currency, cardholder_id and card_product_id', async () => {
    const { c } = await issuingTenant(t);
    await fundIssuing(c, 100, 'SGD');
    const products = (await c.get('/v1/issuing/products', { page_number: 1, page_size: 20 })).body.data as { product_id: string; mode_type: string }[];
    expect(products[0]!.mode_type).toBe('SINGLE');
    const holder = await c.post('/v1/issuing/cardholders', { email: 'user@example.com', first_name: 'Jane', last_name: 'Smith', country_code: 'SG', phone_number: '+6512345678' });
    const card = await c.post('/v1/issuing/cards', { card_currency: 'SGD', cardholder_id: holder.body.cardholder_id, card_product_id: products[0]!.product_id });
    expect(card.status).toBe(200);
    const cardId = card.body.card_id as string;
    await advance(c, 3);
    expect((await c.get('/v1/issuing/cards', { page_number: 1, page_size: 20 })).body.total_items).toBe(1);
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body).toMatchObject({ card_status: 'ACTIVE', mode_type: 'SINGLE', card_limit: 0, available_balance: 0 });
    for (const card_status of ['FROZEN', 'ACTIVE']) expect((await c.post(`/v1/issuing/cards/${cardId}/status`, { card_status })).status).toBe(200);
    const recharge = await c.post(`/v1/issuing/cards/${cardId}/recharge`, { amount: 100 });
    expect([recharge.status, recharge.body]).toEqual([200, expect.objectContaining({ order_type: 'RECHARGE', amount: 100, card_currency: 'SGD', order_status: 'SUCCESS' })]);
    const withdraw = await c.post(`/v1/issuing/cards/${cardId}/withdraw`, { amount: 50 });
    expect([withdraw.status, withdraw.body]).toEqual([200, expect.objectContaining({ order_type: 'WITHDRAW', amount: 50, order_status: 'SUCCESS' })]);
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body.available_balance).toBe(50);
    expect((await issuingBalance(c, 'SGD')).available_balance).toBe('50.00');
  });
});

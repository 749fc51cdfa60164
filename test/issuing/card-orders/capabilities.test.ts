import { randomUUID } from 'node:crypto';
import { verifyPin } from '../../../src/domain/issuing/cards/pin';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client } from '../../support/client';
import { eventData } from '../../support/events';
import { CardProtectionAndElevationDocument, ElevateCardLimitDocument, ManageCardPinDocument } from '../../support/graphql.generated';
import { advance } from '../../support/sandbox';
import { activeCard, authorize } from '../transactions/fixtures';
import { issuer } from '../cardholders/fixtures';
import { activePhysicalCard, createCard } from '../cards/fixtures';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'Card capabilities');
});
afterAll(() => t.close());

const A = (type: string, code: string, message: string) => ({ type, code, message });
const invalid = (message: string) => A('invalid_request_error', 'invalid_request_error', message);
const B = (message: string) => ({ code: 400, message });
const SHARE = '428852';
const DAY = 24 * 60 * 60;

describe("POST /v1/issuing/cards/manage/pin (the official clients' managePin)", () => {
  const pinOf = async (id: string) => (await t.db.prisma.card.findUnique({ where: { id } }))!.pinHash!;

  it('SET replaces the PIN of an activated physical card, kept only as a slow hash, and records a MANAGE_PIN order with its event', async () => {
    const id = await activePhysicalCard(c);
    const res = await c.post('/v1/issuing/cards/manage/pin', { card_id: id, type: 'SET', pin: '1234' });
    expect([res.status, res.body]).toEqual([200, { card_id: id, card_order_id: expect.any(String), create_time: '2026-11-21 10:00:03' }]);
    const stored = await pinOf(id);
    // Exactly scheme, cost, 16 bytes of salt and 32 of hash: no room for the PIN beside them. (A search
    // for '1234' in random base64 would fail by chance.)
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPin('1234', stored)).toBe(true);
    const order = (await c.get(`/v1/issuing/cards/orders/${res.body.card_order_id}`)).body;
    expect(order).toMatchObject({ card_id: id, order_type: 'MANAGE_PIN', amount: 0, order_status: 'SUCCESS' });
    expect((await c.get(`/v1/issuing/cards/${id}/order`)).body).toEqual(order);
    const data = await eventData(t, id, 'card.manage_pin.succeeded');
    expect(data).toEqual(order);
    // No field holds the PIN (the ids are hex, so the digits may occur inside them by chance).
    expect(Object.keys(data as object)).not.toContain('pin');
    expect(Object.values(data as object)).not.toContain('1234');
  });

  it('RESET needs the current PIN in old_pin: a wrong one changes nothing', async () => {
    const id = await activePhysicalCard(c, '135790');
    const missing = await c.post('/v1/issuing/cards/manage/pin', { card_id: id, type: 'RESET', pin: '2468' });
    expect(missing.body).toEqual(invalid("Field 'old_pin' is required"));
    const wrong = await c.post('/v1/issuing/cards/manage/pin', { card_id: id, type: 'RESET', pin: '2468', old_pin: '000000' });
    expect([wrong.status, wrong.body]).toEqual([400, invalid("Invalid value for field 'old_pin': not the card's current PIN")]);
    expect(await verifyPin('135790', await pinOf(id))).toBe(true);
    const ok = await c.post('/v1/issuing/cards/manage/pin', { card_id: id, type: 'RESET', pin: '2468', old_pin: '135790' });
    expect(ok.status).toBe(200);
    expect(await verifyPin('2468', await pinOf(id))).toBe(true);
    expect(await t.db.prisma.cardOrder.count({ where: { cardId: id, orderType: 'MANAGE_PIN' } })).toBe(1);
  });

  it('takes 4 to 6 digits, and refuses a virtual card, an unknown card and a cancelled one as CI13 does', async () => {
    const id = await activePhysicalCard(c);
    for (const pin of ['123', '1234567', '12a4']) {
      expect((await c.post('/v1/issuing/cards/manage/pin', { card_id: id, type: 'SET', pin })).body).toEqual(invalid("Invalid value for field 'pin': must be 4 to 6 digits"));
    }
    expect((await c.post('/v1/issuing/cards/manage/pin', { card_id: id, type: 'CHANGE', pin: '1234' })).status).toBe(400);
    const { card_id: virtual } = await createCard(c);
    expect((await c.post('/v1/issuing/cards/manage/pin', { card_id: virtual, type: 'SET', pin: '1234' })).body).toEqual(A('card_error', 'virtual_card_pin_error', 'virtual cards do not allow pin settings'));
    expect((await c.post('/v1/issuing/cards/manage/pin', { card_id: randomUUID(), type: 'SET', pin: '1234' })).body).toEqual(A('card_error', 'card_not_found', 'card not found or deactivated'));
    await c.post(`/v1/issuing/cards/${id}/status`, { card_status: 'CANCELLED' });
    expect((await c.post('/v1/issuing/cards/manage/pin', { card_id: id, type: 'SET', pin: '1234' })).body).toEqual(A('card_error', 'status_not_supported', 'card status or activation status not supported by request'));
  });

  it('keeps no hash of the PIN in the idempotency store: a retry with the same key sets it again', async () => {
    const id = await activePhysicalCard(c);
    const key = randomUUID();
    for (let i = 0; i < 2; i++) expect((await c.post('/v1/issuing/cards/manage/pin', { card_id: id, type: 'SET', pin: '4321' }, { key })).status).toBe(200);
    expect(await t.db.prisma.idempotencyKey.count({ where: { key } })).toBe(0);
  });

  it('is served over GraphQL, naming GraphQL fields', async () => {
    const id = await activePhysicalCard(c, '112233');
    const res = await c.gql(ManageCardPinDocument, { input: { cardId: id, type: 'RESET' as never, pin: '9876', oldPin: '112233' } });
    expect(res.data!.manageCardPin.cardOrder!).toMatchObject({ cardId: id, orderType: 'MANAGE_PIN', status: 'SUCCESS' });
    const bad = await c.gql(ManageCardPinDocument, { input: { cardId: id, type: 'RESET' as never, pin: '9876', oldPin: '000000' } });
    expect(bad.data!.manageCardPin.userErrors[0]).toMatchObject({ field: ['input', 'oldPin'] });
  });
});

describe("POST /v1/issuing/cards/{id}/elevate_limit (the official clients' elevateLimit)", () => {
  const elevate = (id: string, body: unknown) => c.post(`/v1/issuing/cards/${id}/elevate_limit`, body);

  it('answers the order PENDING; the simulated issuer applies it 3 seconds later and the limit goes back when its days run out', async () => {
    const { cardId } = await activeCard(t, c, '500', { card_limit: 20 }, SHARE);
    const res = await elevate(cardId, { limit_amount: 60, duration_in_days: 2 });
    expect([res.status, res.body]).toEqual([200, { card_id: cardId, card_order_id: expect.any(String), order_status: 'PENDING' }]);
    const orderId = res.body.card_order_id as string;
    expect(await eventData(t, cardId, 'card.elevate_limit.pending')).toMatchObject({ card_order_id: orderId, order_type: 'ELEVATE_LIMIT', amount: 60, order_status: 'PENDING' });
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body.card_limit).toBe(20);
    await advance(c, 3);
    const order = (await c.get(`/v1/issuing/cards/${cardId}/order`)).body;
    expect(order).toMatchObject({ card_order_id: orderId, order_type: 'ELEVATE_LIMIT', amount: 60, order_status: 'SUCCESS' });
    expect(await eventData(t, cardId, 'card.elevate_limit.succeeded')).toEqual(order);
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body).toMatchObject({ card_limit: 60, available_balance: 60 });
    expect(await authorize(c, cardId, { transaction_amount: 45 })).toMatchObject({ transaction_status: 'APPROVED' });
    const gql = await c.gql(CardProtectionAndElevationDocument, { id: cardId });
    const appliedAt = new Date(`${(order.complete_time as string).replace(' ', 'T')}Z`).getTime();
    expect(gql.data!.card).toMatchObject({ cardLimit: '60.00', limitElevatedUntil: new Date(appliedAt + 2 * DAY * 1000).toISOString() });
    await advance(c, 2 * DAY);
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body).toMatchObject({ card_limit: 20, available_balance: 0 });
    expect(await eventData(t, cardId, 'card.elevate_limit.expired')).toEqual(order);
    expect(await authorize(c, cardId, { transaction_amount: 1 })).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'CARD_LIMIT_EXCEEDED' });
  });

  it('refuses what the card cannot take, in the CI4 words where CI4 has the rule', async () => {
    const { cardId: single } = await activeCard(t, c, '50', { card_limit: 10 }, '491090');
    expect((await elevate(single, { limit_amount: 60 })).body).toEqual(B('The single card not support changing card limits'));
    const { cardId: open } = await activeCard(t, c, '0', {}, SHARE);
    expect((await elevate(open, { limit_amount: 60 })).body).toEqual(invalid("Invalid value for field 'limit_amount': the card has no card_limit to elevate (0 means only the issuing balance caps it)"));
    const { cardId: capped } = await activeCard(t, c, '0', { card_limit: 30 }, SHARE);
    expect((await elevate(capped, { limit_amount: 30 })).body).toEqual(invalid("Invalid value for field 'limit_amount': must be above the card's card_limit (30.00)"));
    for (const [body, message] of [
      [{}, "Field 'limit_amount' is required"],
      [{ limit_amount: 0 }, "Invalid value for field 'limit_amount': must be greater than 0"],
      [{ limit_amount: 40.005 }, "Invalid value for field 'limit_amount': must have at most 2 decimals"],
      [{ limit_amount: 40, duration_in_days: 0 }, "Invalid value for field 'duration_in_days': must be an integer from 1 to 90"],
      [{ limit_amount: 40, duration_in_days: 1.5 }, "Invalid value for field 'duration_in_days': must be an integer from 1 to 90"],
    ] as const) {
      expect((await elevate(capped, body)).body).toEqual(invalid(message));
    }
    await c.post(`/v1/issuing/cards/${capped}/status`, { card_status: 'FROZEN' });
    expect((await elevate(capped, { limit_amount: 40 })).body).toEqual(B('The card is not active.'));
    const pending = await createCard(c, { card_limit: 5 }, SHARE);
    expect((await elevate(pending.card_id as string, { limit_amount: 40 })).body).toEqual(B('The card is not active.'));
    const other = await issuer(t, 'Other elevation');
    expect((await other.post(`/v1/issuing/cards/${capped}/elevate_limit`, { limit_amount: 40 })).body).toEqual(A('card_error', 'card_not_found', 'card not found or deactivated'));
  });

  it('takes one elevation at a time: of 5 concurrent asks exactly one is accepted', async () => {
    const { cardId } = await activeCard(t, c, '0', { card_limit: 10 }, SHARE);
    const results = await Promise.all(Array.from({ length: 5 }, () => elevate(cardId, { limit_amount: 25 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body).toEqual(A('card_error', 'limit_elevation_in_progress', 'an elevated limit is already pending or in force on this card'));
    await advance(c, 3);
    expect((await elevate(cardId, { limit_amount: 30 })).body.code).toBe('limit_elevation_in_progress');
    expect(await t.db.prisma.cardOrder.count({ where: { cardId, orderType: 'ELEVATE_LIMIT' } })).toBe(1);
  });

  it('fails when the limit reached the amount before the issuer applied it; a CI4 card_limit ends an elevation in force', async () => {
    const { cardId } = await activeCard(t, c, '0', { card_limit: 10 }, SHARE);
    const first = await elevate(cardId, { limit_amount: 25 });
    await c.post(`/v1/issuing/cards/${cardId}`, { card_limit: 40 });
    await advance(c, 3);
    expect((await c.get(`/v1/issuing/cards/orders/${first.body.card_order_id}`)).body.order_status).toBe('FAILED');
    expect(await eventData(t, cardId, 'card.elevate_limit.failed')).toMatchObject({ order_status: 'FAILED' });
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body.card_limit).toBe(40);
    await elevate(cardId, { limit_amount: 90, duration_in_days: 1 });
    await advance(c, 3);
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body.card_limit).toBe(90);
    await c.post(`/v1/issuing/cards/${cardId}`, { card_limit: 70 });
    await advance(c, DAY);
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body.card_limit).toBe(70);
    expect(await t.db.prisma.outboxEvent.count({ where: { sourceId: cardId, eventName: 'card.elevate_limit.expired' } })).toBe(0);
  });

  it('is served over GraphQL', async () => {
    const { cardId } = await activeCard(t, c, '0', { card_limit: 10 }, SHARE);
    const res = await c.gql(ElevateCardLimitDocument, { input: { cardId, limitAmount: '15.5' } });
    expect(res.data!.elevateCardLimit.cardOrder!).toMatchObject({ cardId, orderType: 'ELEVATE_LIMIT', amount: '15.50', status: 'PENDING' });
    const bad = await c.gql(ElevateCardLimitDocument, { input: { cardId, limitAmount: '16', durationInDays: 91 } });
    expect(bad.data!.elevateCardLimit.userErrors[0]).toMatchObject({ field: ['input', 'durationInDays'] });
  });
});

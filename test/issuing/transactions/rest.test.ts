import { startTestApp, type TestApp } from '../../support/app';
import type { Client, Json } from '../../support/client';
import { issuer } from '../cardholders/fixtures';
import { createCard } from '../cards/fixtures';
import { activeCard, authBody, authorize, issuingBalances } from './fixtures';
import { eventData } from '../../support/events';

let t: TestApp;
let c: Client;

beforeAll(async () => {
  t = await startTestApp();
  c = await issuer(t, 'Card transactions issuer');
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const invalid = (message: string) => ({ type: 'invalid_request_error', code: 'invalid_request_error', message });

/** A fresh issuer, so its issuing balance holds only what the test puts there. */
async function fresh(issuing: string, over: Json = {}) {
  const me = await issuer(t);
  return { me, ...(await activeCard(t, me, issuing, over)) };
}

describe('POST /v1/simulation/issuing/authorization (SI2)', () => {
  it('approves: holds the billing amount (ISSUING_AVAILABLE -> ISSUING_AUTH_HOLD), answers spec 2.13 and writes card.authorization.approved', async () => {
    const { me, cardId, accountId } = await fresh('100.00');
    const res = await me.post('/v1/simulation/issuing/authorization', authBody(cardId, { transaction_amount: 12.5, merchant_city: 'Singapore', merchant_country: 'SG' }));
    expect(res.status).toBe(200);
    const card = (await t.db.prisma.card.findUnique({ where: { id: cardId } }))!;
    expect(res.body).toEqual({
      card_id: cardId,
      card_number: card.maskedPan,
      cardholder_id: card.cardholderId,
      transaction_id: expect.stringMatching(UUID),
      transaction_type: 'AUTHORIZATION',
      card_available_balance: 87.5,
      billing_amount: 12.5,
      billing_currency: 'USD',
      transaction_amount: 12.5,
      transaction_currency: 'USD',
      transaction_time: expect.any(String),
      merchant_data: { category_code: '5814', city: 'Singapore', country: 'SG', name: 'Coffee Corner' },
      authorization_code: expect.stringMatching(/^\d{6}$/),
      transaction_status: 'APPROVED',
    });
    expect(await issuingBalances(t, accountId)).toEqual(['87.5', '12.5', '0']);
    expect(card.authHeld.toFixed(2)).toBe('12.50');
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: res.body.transaction_id as string } });
    expect(events.map((e) => [e.eventType, e.eventName])).toEqual([['ISSUING', 'card.authorization.approved']]);
  });

  it('converts another currency into the card currency at the FX mid rate (billing_amount)', async () => {
    const { me, cardId, accountId } = await fresh('500.00');
    // EUR is 0.865 per USD in the default rate table.
    const res = await authorize(me, cardId, { transaction_amount: 86.5, transaction_currency: 'EUR' });
    expect(res).toMatchObject({ transaction_status: 'APPROVED', transaction_amount: 86.5, transaction_currency: 'EUR', billing_amount: 100, billing_currency: 'USD' });
    expect((await issuingBalances(t, accountId))[1]).toBe('100');
  });

  // The last column: card_available_balance, unchanged by the decline: the 100.00 issuing balance, or the room under a card_limit.
  const declines: [string, Json, Json, string, number][] = [
    ['the body asks for DECLINED', {}, { transaction_status: 'DECLINED' }, 'DECLINED_BY_REQUEST', 100],
    ['a per-transaction control is exceeded', { spending_controls: [{ amount: 5, interval: 'PER_TRANSACTION' }] }, { transaction_amount: 5.01 }, 'SPENDING_CONTROL_EXCEEDED', 100],
    ['the MCC is not in allowed_mcc', { risk_controls: { allowed_mcc: ['5411'] } }, {}, 'MCC_NOT_ALLOWED', 100],
    ['the MCC is in blocked_mcc', { risk_controls: { blocked_mcc: ['5814'] } }, {}, 'MCC_BLOCKED', 100],
    ['a 3DS transaction meets enable_3ds N', { risk_controls: { enable_3ds: 'N' } }, { three_ds: 'Y' }, 'THREE_DS_NOT_ALLOWED', 100],
    ['a 3DS transaction meets allow_3ds_transactions N', { risk_controls: { allow_3ds_transactions: 'N' } }, { three_ds: 'Y' }, 'THREE_DS_NOT_ALLOWED', 100],
    ['the currency has no rate', {}, { transaction_currency: 'XXX' }, 'CURRENCY_NOT_SUPPORTED', 100],
    ['the amount is above the room under card_limit', { card_limit: 9.99 }, {}, 'CARD_LIMIT_EXCEEDED', 9.99],
  ];
  it.each(declines)('declines when %s, records the row with its failure_reason and moves no money', async (_name, card, body, reason, available) => {
    const { me, cardId, accountId } = await fresh('100.00', card);
    const res = await authorize(me, cardId, body);
    expect(res).toMatchObject({ transaction_status: 'DECLINED', failure_reason: reason, card_available_balance: available });
    expect(res.authorization_code).toBeUndefined();
    expect(await issuingBalances(t, accountId)).toEqual(['100', '0', '0']);
    const row = (await t.db.prisma.cardTransaction.findUnique({ where: { id: res.transaction_id as string } }))!;
    expect([row.transactionStatus, row.failureReason, row.heldAmount.toFixed(2)]).toEqual(['DECLINED', reason, '0.00']);
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: row.id } });
    expect(events.map((e) => e.eventName)).toEqual(['card.authorization.declined']);
  });

  it('approves a 3DS transaction when the card allows 3DS, and a non-3DS one when it does not', async () => {
    const { me, cardId } = await fresh('100.00');
    expect((await authorize(me, cardId, { three_ds: 'Y' })).transaction_status).toBe('APPROVED');
    const other = await activeCard(t, me, '0', { risk_controls: { enable_3ds: 'N' } });
    expect((await authorize(me, other.cardId, { three_ds: 'N' })).transaction_status).toBe('APPROVED');
  });

  it('declines INSUFFICIENT_FUNDS when the issuing balance cannot cover it', async () => {
    const { me, cardId } = await fresh('9.99');
    expect(await authorize(me, cardId)).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'INSUFFICIENT_FUNDS' });
  });

  it('declines CARD_NOT_ACTIVE on a PENDING card and on a FROZEN one', async () => {
    const me = await issuer(t);
    const pending = await createCard(me);
    expect(await authorize(me, pending.card_id as string)).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'CARD_NOT_ACTIVE' });
    const { cardId } = await activeCard(t, me, '100.00');
    expect((await me.post(`/v1/issuing/cards/${cardId}/status`, { card_status: 'FROZEN' })).status).toBe(200);
    expect(await authorize(me, cardId)).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'CARD_NOT_ACTIVE' });
  });

  it('counts DAILY controls net of reversals', async () => {
    const { me, cardId } = await fresh('100.00', { spending_controls: [{ amount: 30, interval: 'DAILY' }] });
    const first = await authorize(me, cardId, { transaction_amount: 25 });
    expect(await authorize(me, cardId, { transaction_amount: 10 })).toMatchObject({ failure_reason: 'SPENDING_CONTROL_EXCEEDED' });
    expect((await me.post('/v1/simulation/issuing/reversal', { transaction_id: first.transaction_id, amount: 5 })).status).toBe(200);
    expect((await authorize(me, cardId, { transaction_amount: 10 })).transaction_status).toBe('APPROVED');
  });

  it('ONE_TIME ON_AUTH: the first approved authorization cancels the card in the same write set; later ones decline', async () => {
    const { me, cardId } = await fresh('100.00', { usage_type: 'ONE_TIME', auto_cancel_trigger: 'ON_AUTH' });
    expect((await authorize(me, cardId)).transaction_status).toBe('APPROVED');
    expect((await me.get(`/v1/issuing/cards/${cardId}`)).body).toMatchObject({ card_status: 'CANCELLED', update_reason: 'one-time card used' });
    expect(await authorize(me, cardId)).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'CARD_NOT_ACTIVE' });
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: cardId, eventName: 'card.status.updated' } });
    expect(events).toHaveLength(1);
  });

  it('ONE_TIME ON_CAPTURE: a second authorization declines ONE_TIME_CARD_USED; the first clearing cancels the card', async () => {
    const { me, cardId } = await fresh('100.00', { usage_type: 'ONE_TIME', auto_cancel_trigger: 'ON_CAPTURE' });
    const auth = await authorize(me, cardId);
    expect(await authorize(me, cardId)).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'ONE_TIME_CARD_USED' });
    expect((await me.get(`/v1/issuing/cards/${cardId}`)).body.card_status).toBe('ACTIVE');
    expect((await me.post('/v1/simulation/issuing/clearing', { transaction_id: auth.transaction_id })).status).toBe(200);
    expect((await me.get(`/v1/issuing/cards/${cardId}`)).body.card_status).toBe('CANCELLED');
  });

  it('answers card_not_found for an unknown or another tenant\'s card, and validates the body', async () => {
    const { cardId } = await fresh('10.00');
    const other = await issuer(t);
    expect((await other.post('/v1/simulation/issuing/authorization', authBody(cardId))).body).toEqual({ type: 'card_error', code: 'card_not_found', message: 'card not found or deactivated' });
    const res = await c.post('/v1/simulation/issuing/authorization', authBody(cardId, { transaction_amount: 1.001 }));
    expect([res.status, res.body]).toEqual([400, invalid("Invalid value for field 'transaction_amount': must have at most 2 decimals")]);
    const missing = await c.post('/v1/simulation/issuing/authorization', authBody(cardId, { merchant_category_code: undefined }));
    expect(missing.body).toEqual(invalid("Field 'merchant_category_code' is required"));
  });
});

describe('POST /v1/simulation/issuing/reversal (SI3, spec 4.7)', () => {
  it('releases the hold in part, then in full; REVERSAL rows reference the authorization', async () => {
    const { me, cardId, accountId } = await fresh('100.00');
    const auth = await authorize(me, cardId, { transaction_amount: 40 });
    const part = await me.post('/v1/simulation/issuing/reversal', { transaction_id: auth.transaction_id, amount: 15 });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ transaction_type: 'REVERSAL', transaction_status: 'APPROVED', original_transaction_id: auth.transaction_id, billing_amount: 15, card_available_balance: 75 });
    expect(await issuingBalances(t, accountId)).toEqual(['75', '25', '0']);
    const rest = await me.post('/v1/simulation/issuing/reversal', { transaction_id: auth.transaction_id });
    expect(rest.body).toMatchObject({ billing_amount: 25, card_available_balance: 100 });
    expect(await issuingBalances(t, accountId)).toEqual(['100', '0', '0']);
    const again = await me.post('/v1/simulation/issuing/reversal', { transaction_id: auth.transaction_id });
    expect([again.status, again.body]).toEqual([400, invalid("Invalid value for field 'transaction_id': the authorization has no amount left on hold")]);
    const events = await t.db.prisma.outboxEvent.findMany({ where: { sourceId: part.body.transaction_id as string } });
    expect(events.map((e) => e.eventName)).toEqual(['card.reversal.succeeded']);
  });

  it('refuses more than the remaining hold, an unknown id, a declined authorization, and a call without x-idempotency-key', async () => {
    const { me, cardId } = await fresh('100.00');
    const auth = await authorize(me, cardId, { transaction_amount: 10 });
    expect((await me.post('/v1/simulation/issuing/reversal', { transaction_id: auth.transaction_id, amount: 10.01 })).body).toEqual(
      invalid("Invalid value for field 'amount': must not exceed the authorization's remaining hold"),
    );
    expect((await me.post('/v1/simulation/issuing/reversal', { transaction_id: '00000000-0000-4000-8000-000000000000' })).body).toEqual(
      invalid("Invalid value for field 'transaction_id': transaction not found"),
    );
    const declined = await authorize(me, cardId, { transaction_status: 'DECLINED' });
    expect((await me.post('/v1/simulation/issuing/reversal', { transaction_id: declined.transaction_id })).body).toEqual(
      invalid("Invalid value for field 'transaction_id': must be an approved authorization"),
    );
    const noKey = await me.post('/v1/simulation/issuing/reversal', { transaction_id: auth.transaction_id }, { key: null });
    expect(noKey.status).toBe(400);
    expect(noKey.body.type).toBe('idempotency_error');
  });
});

describe('clearing and refund (payrail: POST /v1/simulation/issuing/clearing, /refund)', () => {
  it('clears less than held: the rest returns to the issuing balance; a refund credits back, never more than cleared', async () => {
    const { me, cardId, accountId } = await fresh('100.00');
    const auth = await authorize(me, cardId, { transaction_amount: 50 });
    const clr = await me.post('/v1/simulation/issuing/clearing', { transaction_id: auth.transaction_id, amount: 45 });
    expect(clr.body).toMatchObject({ transaction_type: 'CLEARING', billing_amount: 45, posted_time: expect.any(String), card_available_balance: 55 });
    expect(await issuingBalances(t, accountId)).toEqual(['55', '0', '45']);
    const card = (await t.db.prisma.card.findUnique({ where: { id: cardId } }))!;
    expect([card.authHeld.toFixed(2), card.consumedAmount.toFixed(2)]).toEqual(['0.00', '45.00']);
    const ref = await me.post('/v1/simulation/issuing/refund', { transaction_id: auth.transaction_id, amount: 20 });
    expect(ref.body).toMatchObject({ transaction_type: 'REFUND', billing_amount: 20, card_available_balance: 75 });
    expect(await issuingBalances(t, accountId)).toEqual(['75', '0', '25']);
    expect((await me.post('/v1/simulation/issuing/refund', { transaction_id: auth.transaction_id, amount: 25.01 })).body).toEqual(
      invalid("Invalid value for field 'amount': must not exceed what was cleared and not yet refunded"),
    );
    expect((await me.post('/v1/simulation/issuing/refund', { transaction_id: auth.transaction_id, amount: 25 })).status).toBe(200);
  });

  it('clears more than held, taking the excess from the issuing balance; refuses an excess the balance cannot cover', async () => {
    const { me, cardId, accountId } = await fresh('30.00');
    const auth = await authorize(me, cardId, { transaction_amount: 20 });
    expect((await me.post('/v1/simulation/issuing/clearing', { transaction_id: auth.transaction_id, amount: 25 })).body).toMatchObject({ billing_amount: 25, card_available_balance: 5 });
    expect(await issuingBalances(t, accountId)).toEqual(['5', '0', '25']);
    const second = await authorize(me, cardId, { transaction_amount: 5 });
    const over = await me.post('/v1/simulation/issuing/clearing', { transaction_id: second.transaction_id, amount: 5.01 });
    expect([over.status, over.body]).toEqual([400, invalid("Invalid value for field 'amount': exceeds the hold by more than the card's funds cover")]);
    expect(await issuingBalances(t, accountId)).toEqual(['0', '5', '25']);
  });

  it('refuses a refund of an authorization never cleared', async () => {
    const { me, cardId } = await fresh('10.00');
    const auth = await authorize(me, cardId, { transaction_amount: 5 });
    expect((await me.post('/v1/simulation/issuing/refund', { transaction_id: auth.transaction_id, amount: 1 })).body).toEqual(
      invalid("Invalid value for field 'transaction_id': the authorization has not been cleared"),
    );
  });
});

describe('GET /v1/issuing/transactions (CI22, CI23)', () => {
  it('lists newest first with the CardTransaction fields, filters by card and time, retrieves one', async () => {
    const me = await issuer(t);
    const a = await activeCard(t, me, '100.00');
    const b = await activeCard(t, me, '0');
    const first = await authorize(me, a.cardId, { transaction_amount: 1 });
    await authorize(me, b.cardId, { transaction_amount: 1 });
    const list = await me.get('/v1/issuing/transactions', { page_size: 10, page_number: 1 });
    expect(list.body).toMatchObject({ total_items: 2, total_pages: 1 });
    const byCard = await me.get('/v1/issuing/transactions', { page_size: 10, page_number: 1, card_id: a.cardId });
    expect(byCard.body.data).toEqual([
      expect.objectContaining({
        transaction_id: first.transaction_id,
        short_transaction_id: expect.stringMatching(/^CT[A-Z0-9]{8}$/),
        transaction_fee: 0,
        transaction_fee_currency: 'USD',
        fee_pass_through: 'N',
        transaction_status: 'APPROVED',
      }),
    ]);
    const late = await me.get('/v1/issuing/transactions', { page_size: 10, page_number: 1, start_time: '2099-01-01T00:00:00Z' });
    expect(late.body.total_items).toBe(0);
    const one = await me.get(`/v1/issuing/transactions/${first.transaction_id}`);
    expect(one.body).toEqual(byCard.body.data[0]);
    expect((await c.get(`/v1/issuing/transactions/${first.transaction_id}`)).body).toEqual(invalid("Invalid value for field 'id': transaction not found"));
    expect((await me.get('/v1/issuing/transactions', { page_size: 10, page_number: 1, card_id: 'nope' })).body).toEqual({
      type: 'card_error',
      code: 'card_not_found',
      message: 'card not found or deactivated',
    });
  });
});

describe('event payloads are the REST object (issue 11)', () => {
  /** The event's data equals GET /v1/issuing/transactions/{id} taken right after the step that wrote it. */
  async function expectEventIsGet(me: Client, id: string, eventName: string) {
    const got = await me.get(`/v1/issuing/transactions/${id}`);
    expect(got.status).toBe(200);
    expect(await eventData(t, id, eventName)).toEqual(got.body);
  }

  it('card.authorization.approved/declined, card.reversal/clearing/refund.succeeded carry the transaction as CI23 answers it', async () => {
    const { me, cardId } = await fresh('100.00');
    const auth = await authorize(me, cardId, { transaction_amount: 40 });
    await expectEventIsGet(me, auth.transaction_id as string, 'card.authorization.approved');
    const declined = await authorize(me, cardId, { transaction_amount: 400 });
    expect(declined.transaction_status).toBe('DECLINED');
    await expectEventIsGet(me, declined.transaction_id as string, 'card.authorization.declined');
    const rev = await me.post('/v1/simulation/issuing/reversal', { transaction_id: auth.transaction_id, amount: 5 });
    await expectEventIsGet(me, rev.body.transaction_id as string, 'card.reversal.succeeded');
    const clr = await me.post('/v1/simulation/issuing/clearing', { transaction_id: auth.transaction_id, amount: 30 });
    await expectEventIsGet(me, clr.body.transaction_id as string, 'card.clearing.succeeded');
    const ref = await me.post('/v1/simulation/issuing/refund', { transaction_id: auth.transaction_id, amount: 10 });
    expect(ref.status).toBe(200);
    await expectEventIsGet(me, ref.body.transaction_id as string, 'card.refund.succeeded');
  });
});

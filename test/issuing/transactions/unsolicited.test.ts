import { checkLedger } from '../../../src/platform/ledger/invariants';
import { startTestApp, type TestApp } from '../../support/app';
import type { Client, Json } from '../../support/client';
import { eventData } from '../../support/events';
import { ClaimUnsolicitedRefundDocument, SimulateUnsolicitedRefundDocument } from '../../support/graphql.generated';
import { ledgerBalance } from '../../support/ledger';
import { issuer } from '../cardholders/fixtures';
import { activeCard, authorize } from './fixtures';

/**
 * Unsolicited refunds (the official clients' issuing.transactions.claimUnsolicitedRefund /
 * claim_unsolicited_refund): a refund nobody asked for reaches a card, PENDING and held in
 * ISSUING_UNSOLICITED_REFUND; the account's claim makes it APPROVED and credits the card's funds.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SINGLE = '491090';
const RELEASE = '/v1/issuing/transactions/unsolicited_refund/release';
const invalid = (message: string) => ({ type: 'invalid_request_error', code: 'invalid_request_error', message });
const usd = (accountId: string, purpose: string) => ledgerBalance(t.services, accountId, 'USD', purpose);

async function arrive(c: Client, cardId: string, amount = 12.5): Promise<Json> {
  const res = await c.post('/v1/simulation/issuing/unsolicited_refund', { card_id: cardId, amount, merchant_name: 'Airline', merchant_category_code: '4511' });
  if (res.status !== 200) throw new Error(`unsolicited refund failed: ${res.status} ${res.raw}`);
  return res.body;
}

describe('POST /v1/simulation/issuing/unsolicited_refund (payrail extension)', () => {
  it('records a PENDING REFUND with no original transaction, held in ISSUING_UNSOLICITED_REFUND; the card and issuing balance are untouched', async () => {
    const c = await issuer(t);
    const { cardId, accountId } = await activeCard(t, c, '100.00');
    const refund = await arrive(c, cardId);
    expect(refund).toMatchObject({
      card_id: cardId,
      transaction_type: 'REFUND',
      transaction_status: 'PENDING',
      transaction_amount: 12.5,
      transaction_currency: 'USD',
      billing_amount: 12.5,
      billing_currency: 'USD',
      card_available_balance: 100,
      merchant_data: { name: 'Airline', category_code: '4511', city: '', country: '' },
    });
    expect(refund.original_transaction_id).toBeUndefined();
    expect(refund.posted_time).toBeUndefined();
    expect([await usd(accountId, 'ISSUING_UNSOLICITED_REFUND'), await usd(accountId, 'ISSUING_CLEARING'), await usd(accountId, 'ISSUING_AVAILABLE')]).toEqual(['12.5', '-12.5', '100']);
    const got = await c.get(`/v1/issuing/transactions/${refund.transaction_id}`);
    expect(got.body).toMatchObject({ transaction_status: 'PENDING', description: 'unsolicited refund' });
    expect(await eventData(t, refund.transaction_id as string, 'card.unsolicited_refund.pending')).toEqual(got.body);
  });

  it('reaches a cancelled card too; an unknown or another tenant\'s card is card_not_found', async () => {
    const c = await issuer(t);
    const { cardId } = await activeCard(t, c, '10.00');
    expect((await c.post(`/v1/issuing/cards/${cardId}/status`, { card_status: 'CANCELLED' })).status).toBe(200);
    expect((await arrive(c, cardId, 3)).transaction_status).toBe('PENDING');
    const other = await issuer(t);
    const res = await other.post('/v1/simulation/issuing/unsolicited_refund', { card_id: cardId, amount: 1, merchant_name: 'M', merchant_category_code: '5999' });
    expect([res.status, res.body]).toEqual([400, { type: 'card_error', code: 'card_not_found', message: 'card not found or deactivated' }]);
  });
});

describe(`POST ${RELEASE} (claimUnsolicitedRefund)`, () => {
  it('SHARE card: answers {request_status: SUCCESS}; the refund is APPROVED, posted, described by the remark, and credits the issuing balance', async () => {
    const c = await issuer(t);
    const { cardId, accountId } = await activeCard(t, c, '100.00');
    const refund = await arrive(c, cardId);
    const res = await c.post(RELEASE, { related_transaction_id: refund.transaction_id, remark: 'not ours, keep it' });
    expect([res.status, res.body]).toEqual([200, { request_status: 'SUCCESS' }]);
    const got = await c.get(`/v1/issuing/transactions/${refund.transaction_id}`);
    expect(got.body).toMatchObject({ transaction_status: 'APPROVED', posted_time: got.body.transaction_time, card_available_balance: 112.5, description: 'not ours, keep it' });
    expect([await usd(accountId, 'ISSUING_UNSOLICITED_REFUND'), await usd(accountId, 'ISSUING_AVAILABLE')]).toEqual(['0', '112.5']);
    expect(await eventData(t, refund.transaction_id as string, 'card.unsolicited_refund.succeeded')).toEqual(got.body);
    const lines = await c.get('/v1/issuing/balances/transactions', { page_number: 1, page_size: 10, transaction_type: 'CARD_UNSOLICITED_REFUND_RELEASE' });
    expect(lines.body.data).toEqual([expect.objectContaining({ amount: 12.5, ending_balance: 112.5, description: 'not ours, keep it' })]);
  });

  it('SINGLE card: credits the card itself; once the card is cancelled, the issuing balance', async () => {
    const c = await issuer(t);
    const { cardId, accountId } = await activeCard(t, c, '100.00', { card_limit: 30 }, SINGLE);
    const onCard = await arrive(c, cardId, 5);
    expect((await c.post(RELEASE, { related_transaction_id: onCard.transaction_id })).status).toBe(200);
    expect((await c.get(`/v1/issuing/transactions/${onCard.transaction_id}`)).body).toMatchObject({ card_available_balance: 35, description: 'unsolicited refund' });
    expect([await usd(accountId, 'CARD_BALANCE'), await usd(accountId, 'ISSUING_AVAILABLE')]).toEqual(['35', '70']);

    const late = await arrive(c, cardId, 7);
    expect((await c.post(`/v1/issuing/cards/${cardId}/status`, { card_status: 'CANCELLED' })).status).toBe(200);
    expect((await c.post(RELEASE, { related_transaction_id: late.transaction_id })).status).toBe(200);
    expect((await c.get(`/v1/issuing/transactions/${late.transaction_id}`)).body).toMatchObject({ transaction_status: 'APPROVED', card_available_balance: 0 });
    expect([await usd(accountId, 'CARD_BALANCE'), await usd(accountId, 'ISSUING_AVAILABLE')]).toEqual(['0', '112']);
  });

  it('refuses a second claim, a transaction that is no unsolicited refund, unknown ids, and bad bodies, naming the field', async () => {
    const c = await issuer(t);
    const { cardId } = await activeCard(t, c, '100.00');
    const refund = await arrive(c, cardId, 2);
    expect((await c.post(RELEASE, { related_transaction_id: refund.transaction_id })).status).toBe(200);
    const twice = await c.post(RELEASE, { related_transaction_id: refund.transaction_id });
    expect([twice.status, twice.body]).toEqual([400, invalid("Invalid value for field 'related_transaction_id': the refund was already claimed")]);

    const auth = await authorize(c, cardId, { transaction_amount: 20 });
    await c.post('/v1/simulation/issuing/clearing', { transaction_id: auth.transaction_id });
    const merchantRefund = await c.post('/v1/simulation/issuing/refund', { transaction_id: auth.transaction_id, amount: 5 });
    for (const id of [auth.transaction_id, merchantRefund.body.transaction_id]) {
      expect((await c.post(RELEASE, { related_transaction_id: id })).body).toEqual(invalid("Invalid value for field 'related_transaction_id': must be an unsolicited refund"));
    }
    const other = await issuer(t);
    const pending = await arrive(c, cardId, 1);
    for (const [who, id] of [[other, pending.transaction_id], [c, '7d1c1f0e-3b7e-4e55-9d35-2f8f3f0b9a11'], [c, 'not-an-id']] as const) {
      expect((await who.post(RELEASE, { related_transaction_id: id })).body).toEqual(invalid("Invalid value for field 'related_transaction_id': transaction not found"));
    }
    expect((await c.post(RELEASE, {})).body).toEqual(invalid("Field 'related_transaction_id' is required"));
    expect((await c.post(RELEASE, { related_transaction_id: pending.transaction_id, remark: 'x'.repeat(256) })).body).toEqual(
      invalid("Invalid value for field 'remark': must be at most 255 characters"),
    );
    // Nothing was claimed by the refusals.
    expect((await c.get(`/v1/issuing/transactions/${pending.transaction_id}`)).body.transaction_status).toBe('PENDING');
  });

  it('a retry with the same x-idempotency-key replays the answer and credits once', async () => {
    const c = await issuer(t);
    const { cardId, accountId } = await activeCard(t, c, '100.00');
    const refund = await arrive(c, cardId, 4);
    const key = '0b0c8f52-8a41-4c5e-9d0e-5f6a7b8c9d01';
    const first = await c.post(RELEASE, { related_transaction_id: refund.transaction_id }, { key });
    const again = await c.post(RELEASE, { related_transaction_id: refund.transaction_id }, { key });
    expect([first.status, again.status, again.raw]).toEqual([200, 200, first.raw]);
    expect(await usd(accountId, 'ISSUING_AVAILABLE')).toBe('104');
  });

  it('GraphQL: simulateUnsolicitedRefund and claimUnsolicitedRefund run the same rules, naming relatedTransactionId', async () => {
    const c = await issuer(t);
    const { cardId, accountId } = await activeCard(t, c, '100.00');
    const arrived = await c.gql(SimulateUnsolicitedRefundDocument, { input: { cardId, amount: '6', merchantName: 'Hotel', merchantCategoryCode: '7011' } });
    expect(arrived.errors).toBeUndefined();
    const refund = arrived.data!.simulateUnsolicitedRefund.cardTransaction!;
    expect(refund).toMatchObject({ transactionType: 'REFUND', transactionStatus: 'PENDING', heldAmount: '6.00', originalTransactionId: null });
    const claimed = await c.gql(ClaimUnsolicitedRefundDocument, { input: { relatedTransactionId: refund.id, remark: 'claimed in GraphQL' } });
    expect(claimed.errors).toBeUndefined();
    expect(claimed.data!.claimUnsolicitedRefund.cardTransaction!).toMatchObject({ id: refund.id, transactionStatus: 'APPROVED', heldAmount: '0.00', description: 'claimed in GraphQL', cardAvailableBalance: '106.00' });
    expect(await usd(accountId, 'ISSUING_AVAILABLE')).toBe('106');
    const again = await c.gql(ClaimUnsolicitedRefundDocument, { input: { relatedTransactionId: refund.id } });
    expect(again.errors).toBeUndefined();
    expect(again.data!.claimUnsolicitedRefund.userErrors[0]).toMatchObject({
      message: "Invalid value for field 'relatedTransactionId': the refund was already claimed",
      field: ['input', 'relatedTransactionId'],
    });
  });
});

describe('unsolicited refund races', () => {
  it('10 concurrent claims of one refund: exactly one succeeds, the others find it claimed; credited once', async () => {
    const c = await issuer(t);
    const { cardId, accountId } = await activeCard(t, c, '50.00');
    const refund = await arrive(c, cardId, 9);
    const answers = await Promise.all(Array.from({ length: 10 }, () => c.post(RELEASE, { related_transaction_id: refund.transaction_id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.message))).toEqual(new Set(["Invalid value for field 'related_transaction_id': the refund was already claimed"]));
    expect([await usd(accountId, 'ISSUING_AVAILABLE'), await usd(accountId, 'ISSUING_UNSOLICITED_REFUND')]).toEqual(['59', '0']);
    const events = await t.db.prisma.outboxEvent.count({ where: { sourceId: refund.transaction_id as string, eventName: 'card.unsolicited_refund.succeeded' } });
    expect(events).toBe(1);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('a claim racing the cancel of its SINGLE card: the money ends on the issuing balance either way, never on a cancelled card', async () => {
    const c = await issuer(t);
    const { cardId, accountId } = await activeCard(t, c, '100.00', { card_limit: 20 }, SINGLE);
    const refund = await arrive(c, cardId, 8);
    const [claim, cancel] = await Promise.all([
      c.post(RELEASE, { related_transaction_id: refund.transaction_id }),
      c.post(`/v1/issuing/cards/${cardId}/status`, { card_status: 'CANCELLED' }),
    ]);
    expect([claim.status, cancel.status]).toEqual([200, 200]);
    expect([await usd(accountId, 'CARD_BALANCE'), await usd(accountId, 'ISSUING_AVAILABLE'), await usd(accountId, 'ISSUING_UNSOLICITED_REFUND')]).toEqual(['0', '108', '0']);
    const card = (await t.db.prisma.card.findUnique({ where: { id: cardId } }))!;
    expect([card.status, card.availableBalance.toFixed(2)]).toEqual(['CANCELLED', '0.00']);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

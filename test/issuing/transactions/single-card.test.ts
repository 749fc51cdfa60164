import { checkLedger } from '../../../src/platform/ledger/invariants';
import { startTestApp, type TestApp } from '../../support/app';
import { ledgerBalance } from '../../support/ledger';
import { issuer } from '../cardholders/fixtures';
import { activeCard, authorize } from './fixtures';

/**
 * A SINGLE (prepaid) card spends its own balance, not the issuing balance (docs/decisions/issuing/issuing-balances.md
 * "Issuing money"): its card_limit moved onto it at creation, authorizations hold from it, a
 * clearing returns the difference to it, a refund credits it, and its cancel releases what is left.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SINGLE = '491090';
/** CARD_BALANCE, ISSUING_AUTH_HOLD, ISSUING_AVAILABLE, ISSUING_CLEARING of the account in USD. */
const balances = (accountId: string) =>
  Promise.all(['CARD_BALANCE', 'ISSUING_AUTH_HOLD', 'ISSUING_AVAILABLE', 'ISSUING_CLEARING'].map((p) => ledgerBalance(t.services, accountId, 'USD', p)));

describe('SINGLE card authorizations', () => {
  it('hold from the card, clear with the difference back to it, refund onto it; cancel releases the rest to the issuing balance', async () => {
    const c = await issuer(t);
    const { cardId, accountId } = await activeCard(t, c, '100.00', { card_limit: 30 }, SINGLE);
    expect(await balances(accountId)).toEqual(['30', '0', '70', '0']);

    const auth = await authorize(c, cardId, { transaction_amount: 12 });
    expect(auth).toMatchObject({ transaction_status: 'APPROVED', card_available_balance: 18 });
    expect(await balances(accountId)).toEqual(['18', '12', '70', '0']);
    // The issuing balance is not the card's money: 70 there does not let the card spend 20.
    expect(await authorize(c, cardId, { transaction_amount: 20 })).toMatchObject({ transaction_status: 'DECLINED', failure_reason: 'INSUFFICIENT_FUNDS' });

    expect((await c.post('/v1/simulation/issuing/clearing', { transaction_id: auth.transaction_id, amount: 10 })).body).toMatchObject({ billing_amount: 10, card_available_balance: 20 });
    expect(await balances(accountId)).toEqual(['20', '0', '70', '10']);
    expect((await c.post('/v1/simulation/issuing/refund', { transaction_id: auth.transaction_id, amount: 4 })).status).toBe(200);
    expect(await balances(accountId)).toEqual(['24', '0', '70', '6']);
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body).toMatchObject({ available_balance: 24, consumed_amount: 6 });

    expect((await c.post(`/v1/issuing/cards/${cardId}/status`, { card_status: 'CANCELLED' })).status).toBe(200);
    expect(await balances(accountId)).toEqual(['0', '0', '94', '6']);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  it('50 concurrent authorizations against a prepaid balance with room for exactly 20 approve exactly 20', async () => {
    const c = await issuer(t);
    const { cardId, accountId } = await activeCard(t, c, '500.00', { card_limit: 20 }, SINGLE);
    const answers = await Promise.all(Array.from({ length: 50 }, () => authorize(c, cardId, { transaction_amount: 1 })));
    expect(answers.filter((a) => a.transaction_status === 'APPROVED')).toHaveLength(20);
    expect(new Set(answers.filter((a) => a.transaction_status === 'DECLINED').map((a) => a.failure_reason))).toEqual(new Set(['INSUFFICIENT_FUNDS']));
    expect(await balances(accountId)).toEqual(['0', '20', '480', '0']);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

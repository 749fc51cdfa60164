import { checkLedger } from '../../src/platform/ledger/invariants';
import { money } from '../../src/platform/money/amount';
import { startTestApp, type TestApp } from '../support/app';
import { clientOf, type Client, type RestReply } from '../support/client';
import { ledgerBalance } from '../support/ledger';
import { makeMaster } from '../support/tenants';
import { overTheWire, type Wire } from '../support/wire';
import { activeCard, authBody } from '../issuing/transactions/fixtures';

/**
 * One SINGLE (prepaid) card, three money paths at once: sandbox authorizations hold from the card,
 * withdrawals move its money back to the issuing balance, recharges move issuing money onto it
 * (docs/decisions/issuing/issuing-balances.md "Issuing money"). Each is guarded under the card's row lock, so whatever the
 * order the card never goes below zero, each refusal is its own exact answer, and the account's
 * issuing money (card + holds + issuing balance) is neither made nor lost.
 */

let t: TestApp;
let wire: Wire;

beforeAll(async () => {
  t = await startTestApp();
  wire = await overTheWire(t);
});
afterAll(async () => {
  await wire.close();
  await t.close();
});

const SINGLE_BIN = '491090';
const B = (message: string) => ({ code: 400, message });

describe('a SINGLE card raced by authorizations, withdrawals and recharges', () => {
  it('never goes below zero; each call succeeds or is refused exactly; card, holds and issuing balance add up to the 60.00 put in', async () => {
    const c: Client = await clientOf(wire.t, await makeMaster(t.services, { name: 'Prepaid racer' }));
    // 60.00 on the issuing balance, 30.00 of it moved onto the card by its card_limit.
    const { cardId, accountId } = await activeCard(wire.t, c, '60.00', { card_limit: 30 }, SINGLE_BIN);
    const balances = () => Promise.all(['CARD_BALANCE', 'ISSUING_AUTH_HOLD', 'ISSUING_AVAILABLE'].map((p) => ledgerBalance(t.services, accountId, 'USD', p)));
    expect(await balances()).toEqual(['30', '0', '30']);

    // 12 × 6.00 of authorizations (72.00) is more than the 60.00 there is: some must decline.
    const AUTH = '6.00', WITHDRAW = '5.00', RECHARGE = '7.00';
    const kinds = [...Array<'auth'>(12).fill('auth'), ...Array<'withdraw'>(6).fill('withdraw'), ...Array<'recharge'>(6).fill('recharge')];
    const call = (kind: (typeof kinds)[number]): Promise<RestReply> =>
      kind === 'auth'
        ? c.post('/v1/simulation/issuing/authorization', authBody(cardId, { transaction_amount: Number(AUTH) }))
        : c.post(`/v1/issuing/cards/${cardId}/${kind}`, { amount: Number(kind === 'withdraw' ? WITHDRAW : RECHARGE) });
    const answers = await wire.together(kinds.map((k) => () => call(k)));

    const byKind = (k: (typeof kinds)[number]) => answers.filter((_, i) => kinds[i] === k);
    const auths = byKind('auth');
    // An authorization is answered 200 either way: APPROVED, or DECLINED for want of funds.
    for (const a of auths) {
      expect(a.status).toBe(200);
      if (a.body.transaction_status !== 'APPROVED') expect([a.body.transaction_status, a.body.failure_reason]).toEqual(['DECLINED', 'INSUFFICIENT_FUNDS']);
    }
    for (const w of byKind('withdraw')) if (w.status !== 200) expect([w.status, w.body]).toEqual([400, B('Card available limit insufficient')]);
    for (const r of byKind('recharge')) if (r.status !== 200) expect([r.status, r.body]).toEqual([400, B('Insufficient balance')]);
    const approved = auths.filter((a) => a.body.transaction_status === 'APPROVED').length;
    const withdrawn = byKind('withdraw').filter((w) => w.status === 200).length;
    const recharged = byKind('recharge').filter((r) => r.status === 200).length;
    expect(approved).toBeLessThanOrEqual(10);

    const card = money('30.00').plus(money(RECHARGE).times(recharged)).minus(money(WITHDRAW).times(withdrawn)).minus(money(AUTH).times(approved));
    const held = money(AUTH).times(approved);
    const issuing = money('30.00').minus(money(RECHARGE).times(recharged)).plus(money(WITHDRAW).times(withdrawn));
    expect(card.gte(0) && issuing.gte(0)).toBe(true);
    expect(card.plus(held).plus(issuing).toFixed(2)).toBe('60.00');
    expect(await balances()).toEqual([card.toFixed(), held.toFixed(), issuing.toFixed()]);

    // The card row's share agrees with the ledger, and the REST door shows it.
    const row = (await t.db.prisma.card.findUniqueOrThrow({ where: { id: cardId } }));
    expect([row.availableBalance.toFixed(2), row.authHeld.toFixed(2)]).toEqual([card.toFixed(2), held.toFixed(2)]);
    expect((await c.get(`/v1/issuing/cards/${cardId}`)).body.available_balance).toBe(Number(card.toFixed(2)));

    // Every success was recorded and posted once; no refusal left a row or an entry behind.
    const orders = await t.db.prisma.cardOrder.groupBy({ by: ['orderType'], where: { cardId, orderType: { in: ['RECHARGE', 'WITHDRAW'] } }, _count: true });
    expect(Object.fromEntries(orders.map((o) => [o.orderType, o._count]))).toEqual({ ...(recharged ? { RECHARGE: recharged } : {}), ...(withdrawn ? { WITHDRAW: withdrawn } : {}) });
    const txns = await t.db.prisma.cardTransaction.groupBy({ by: ['transactionStatus'], where: { cardId }, _count: true });
    expect(Object.fromEntries(txns.map((x) => [x.transactionStatus, x._count]))).toEqual({ ...(approved ? { APPROVED: approved } : {}), DECLINED: 12 - approved });
    const entries = await t.db.prisma.journalEntry.groupBy({ by: ['kind'], where: { accountId, kind: { in: ['CARD_RECHARGE', 'CARD_WITHDRAW', 'CARD_AUTHORIZATION'] } }, _count: true });
    // The card's creation moved its card_limit onto it with one CARD_RECHARGE entry of its own.
    expect(Object.fromEntries(entries.map((e) => [e.kind, e._count]))).toEqual({
      CARD_RECHARGE: 1 + recharged,
      ...(withdrawn ? { CARD_WITHDRAW: withdrawn } : {}),
      ...(approved ? { CARD_AUTHORIZATION: approved } : {}),
    });
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

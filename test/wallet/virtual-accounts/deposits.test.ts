import { createApiKey } from '../../../src/domain/developers/keys/api-keys';
import { startTestApp, type TestApp } from '../../support/app';
import { clientOf, type Client, type Json } from '../../support/client';
import { CloseVirtualAccountDocument, SimulateDepositToVirtualAccountDocument } from '../../support/graphql.generated';
import { walletBalance } from '../../support/ledger';
import { makeMaster, makeSub } from '../../support/tenants';
import { depositBody, freshOwner, listed, openActive as openActiveIn, openVirtualAccount } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const deposit = (c: Client, over: Json) => c.post('/v1/simulation/deposit', depositBody(over));
const openActive = (c: Client, body: { currency: string }) => openActiveIn(t, c, body);

describe('a simulated deposit (SI1) into a virtual account number', () => {
  it("lands in the acting account's wallet when the number is its own ACTIVE account in the deposit's currency", async () => {
    const { c, accountId } = await freshOwner(t);
    const va = await openActive(c, { currency: 'USD' });
    const res = await deposit(c, { amount: 120.5, currency: 'USD', receiver_account_number: va.account_number });
    expect([res.status, res.body.receiver_account_number, res.body.deposit_status]).toEqual([200, va.account_number, 'COMPLETED']);
    expect((await c.get(`/v1/deposit/${res.body.deposit_id}`)).body.deposit_status).toBe('COMPLETED');
    expect(await walletBalance(t.services, accountId, 'USD')).toBe('120.5');
  });

  it('takes an IBAN written in lower case as the same account', async () => {
    const { c } = await freshOwner(t);
    const va = await openActive(c, { currency: 'EUR' });
    const res = await deposit(c, { currency: 'EUR', receiver_account_number: va.account_number.toLowerCase() });
    expect(res.status).toBe(200);
    const wrongCurrency = await deposit(c, { currency: 'USD', receiver_account_number: va.account_number.toLowerCase() });
    expect(wrongCurrency.body.message).toBe("Invalid value for field 'currency': receiver_account_number is a EUR virtual account");
  });

  it("refuses a currency other than the account's", async () => {
    const { c, accountId } = await freshOwner(t);
    const va = await openActive(c, { currency: 'GBP' });
    const res = await deposit(c, { currency: 'USD', receiver_account_number: va.account_number });
    expect([res.status, res.body]).toEqual([400, { code: 400, message: "Invalid value for field 'currency': receiver_account_number is a GBP virtual account" }]);
    expect(await t.db.prisma.deposit.count({ where: { accountId } })).toBe(0);
  });

  it('refuses an account that is still being opened', async () => {
    const { c } = await freshOwner(t);
    await openVirtualAccount(c, { currency: 'USD' });
    const [va] = await listed(c);
    const res = await deposit(c, { currency: 'USD', receiver_account_number: va!.account_number });
    expect([res.status, res.body]).toEqual([
      400,
      { code: 400, message: "Invalid value for field 'receiver_account_number': the virtual account is still being opened" },
    ]);
  });

  it('refuses a closed account', async () => {
    const { c } = await freshOwner(t);
    const va = await openActive(c, { currency: 'USD' });
    const closed = await c.gql(CloseVirtualAccountDocument, { input: { id: va.account_bank_id, reason: 'No longer needed' } });
    expect(closed.errors).toBeUndefined();
    const res = await deposit(c, { currency: 'USD', receiver_account_number: va.account_number });
    expect([res.status, res.body]).toEqual([400, { code: 400, message: "Invalid value for field 'receiver_account_number': the virtual account is closed" }]);
  });

  describe('within one account tree', () => {
    const OTHER = "Invalid value for field 'receiver_account_number': the virtual account belongs to another account; send the deposit on behalf of that account";

    async function tree() {
      const master = await makeMaster(t.services, { name: 'Group' });
      const subA = await makeSub(t.services, master, 'Group A');
      const subB = await makeSub(t.services, master, 'Group B');
      const asMaster = await clientOf(t, master);
      return { master, asMaster, asA: asMaster.as(subA.id), asB: asMaster.as(subB.id), subA, subB };
    }

    it("refuses the number of a sub-account's account when the master deposits as itself, or a sibling does", async () => {
      const g = await tree();
      const va = await openActive(g.asA, { currency: 'USD' });
      for (const caller of [g.asMaster, g.asB]) {
        const res = await deposit(caller, { currency: 'USD', receiver_account_number: va.account_number });
        expect([res.status, res.body]).toEqual([400, { code: 400, message: OTHER }]);
      }
    });

    it("refuses the master's number to a sub-account, acted for or with its own key", async () => {
      const g = await tree();
      const va = await openActive(g.asMaster, { currency: 'USD' });
      const ownKey = await clientOf(t, await createApiKey(t.services, { accountId: g.subA.id }));
      for (const caller of [g.asA, ownKey]) {
        const res = await deposit(caller, { currency: 'USD', receiver_account_number: va.account_number });
        expect([res.status, res.body]).toEqual([400, { code: 400, message: OTHER }]);
      }
    });

    it("lands in the sub-account's wallet when the master acts for it with x-on-behalf-of", async () => {
      const g = await tree();
      const va = await openActive(g.asA, { currency: 'SGD' });
      const res = await deposit(g.asA, { amount: 40, currency: 'SGD', receiver_account_number: va.account_number });
      expect(res.status).toBe(200);
      expect(await walletBalance(t.services, g.subA.id, 'SGD')).toBe('40');
      expect(await walletBalance(t.services, g.master.account.id, 'SGD')).toBe('0');
    });
  });

  it("answers another tenant's number exactly as an unknown one: a plain reference, credited to the acting account", async () => {
    const owner = await freshOwner(t, 'Owner');
    const va = await openActive(owner.c, { currency: 'USD' });
    const stranger = await freshOwner(t, 'Stranger');
    const unknownNumber = `88${String(Date.now()).slice(-10)}`;
    const foreign = await deposit(stranger.c, { amount: 10, currency: 'JPY', receiver_account_number: va.account_number });
    const unknown = await deposit(stranger.c, { amount: 10, currency: 'JPY', receiver_account_number: unknownNumber });
    const shape = (b: Json) => ({ ...b, deposit_id: undefined, short_reference_id: undefined, deposit_reference: undefined, receiver_account_number: undefined });
    expect(foreign.status).toBe(200);
    expect([unknown.status, shape(unknown.body)]).toEqual([200, shape(foreign.body)]);
    expect(await walletBalance(t.services, stranger.accountId, 'JPY')).toBe('20');
    expect(await walletBalance(t.services, owner.accountId, 'JPY')).toBe('0');
    expect(await walletBalance(t.services, owner.accountId, 'USD')).toBe('0');
  });

  it('applies the same rules through GraphQL simulateDeposit', async () => {
    const { c } = await freshOwner(t);
    const va = await openActive(c, { currency: 'GBP' });
    const res = await c.gql(SimulateDepositToVirtualAccountDocument, {
      input: { amount: '5.00', currency: 'EUR', senderSwiftCode: 'HSBCGB2L', receiverAccountNumber: va.account_number },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data!.simulateDeposit).toEqual({
      deposit: null,
      userErrors: [{ message: "Invalid value for field 'currency': receiver_account_number is a GBP virtual account", code: 'DEPOSIT_RECEIVER_CURRENCY_MISMATCH', field: ['input', 'currency'] }],
    });
  });
});

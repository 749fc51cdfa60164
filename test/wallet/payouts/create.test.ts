import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../support/app';
import { samples, uploadOne } from '../../onboarding/files/fixtures';
import { clientOf, type Client } from '../../support/client';
import { balancesOf, fundWallet } from '../../support/ledger';
import { makeMaster, makeSub, type Tenant } from '../../support/tenants';
import { PURPOSE_CODES } from '../../../src/domain/wallet/payouts/rules';
import { beneficiaryBody, createBeneficiary, payoutBody, TODAY } from './fixtures';

let t: TestApp;
let master: Tenant;
let token: Client;
let usdLocal: string;

beforeAll(async () => {
  t = await startTestApp();
  master = await makeMaster(t.services, { name: 'Payer' });
  token = await clientOf(t, master);
  usdLocal = await createBeneficiary(token, 'USD_LOCAL');
  await fundWallet(t.services, master.account.id, 'USD', '100000.00');
  await fundWallet(t.services, master.account.id, 'EUR', '100000.00');
  await fundWallet(t.services, master.account.id, 'INR', '100000.00');
  await fundWallet(t.services, master.account.id, 'SGD', '100000.00');
});
afterAll(() => t.close());

/** POSTs a payout and expects the account-center 400 with exactly this message. */
async function expectRefused(body: unknown, message: string, headers: Record<string, string> = {}) {
  const res = await token.post('/v1/payouts', body, { headers });
  expect([res.status, res.body]).toEqual([400, { code: 400, message }]);
}

describe('PO1 creates a payout', () => {
  it('answers the PayoutResult and debits amount + fee from the wallet in the same transaction', async () => {
    const holder = await makeMaster(t.services, { name: 'Fresh' });
    const tok = await clientOf(t, holder);
    const beneficiary = await createBeneficiary(tok);
    await fundWallet(t.services, holder.account.id, 'USD', '500.00');
    const res = await tok.post('/v1/payouts', payoutBody(beneficiary));
    expect(res.status).toBe(200);
    const result = res.body as { payout_id: string; short_reference_id: string; payout_status: string };
    expect(Object.keys(result).sort()).toEqual(['payout_id', 'payout_status', 'short_reference_id']);
    expect(result.payout_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(result.short_reference_id).toMatch(/^PO[2-9A-Z]{6}$/);
    expect(result.payout_status).toBe('READY_TO_SEND');
    // WALLET, PAYOUT_IN_FLIGHT, FEES, BANK_CLEARING, FX_CLEARING
    expect(await balancesOf(t.services, holder.account.id, 'USD')).toEqual(['399', '100', '1', '-500', '0']);

    const { body } = await tok.get(`/v1/payouts/${result.payout_id}`);
    expect(body).toEqual({
      payout_id: result.payout_id,
      short_reference_id: result.short_reference_id,
      payout_status: 'READY_TO_SEND',
      create_time: '2026-11-21T10:00:00.000Z',
      payout_amount: '100.00',
      payout_currency: 'USD',
      source_currency: 'USD',
      source_amount: '100.00',
      amount_payer_pays: '101.00',
      amount_beneficiary_receives: '100.00',
      fee_amount: '1.00',
      fee_currency: 'USD',
      fee_paid_by: null,
      payout_date: TODAY,
      payout_method: 'LOCAL',
      payout_reason: 'WAGES_SALARY',
      payout_reference: 'Invoice 42',
      purpose_code: 'WAGES_SALARY',
      beneficiary_id: beneficiary,
      quote_id: null,
      is_payer: 'N',
      payer_id: null,
      update_time: '2026-11-21T10:00:00.000Z',
      complete_time: null,
      failure_reason: null,
      failure_returned_amount: null,
    });
    const event = await t.db.prisma.outboxEvent.findFirst({ where: { sourceId: result.payout_id } });
    expect(event).toMatchObject({ eventType: 'PAYOUT', eventName: 'payout.create.succeeded', accountId: holder.account.id });
    // BT3 shows the debit with the ledger's one casing: transaction_way is the reference type PAYOUT.
    const txns = await tok.get('/v1/balances/transactions', { page_number: 1, page_size: 10, transaction_type: 'PAYOUT' });
    expect(txns.body.data).toEqual([
      expect.objectContaining({ transaction_type: 'PAYOUT', transaction_way: 'PAYOUT', reference_id: result.payout_id, amount: 101, credit_debit_type: 'DEBIT' }),
    ]);
  });

  it('refuses an amount the wallet cannot cover, and writes nothing', async () => {
    const poor = await makeMaster(t.services, { name: 'Poor' });
    const tok = await clientOf(t, poor);
    await fundWallet(t.services, poor.account.id, 'USD', '100.50');
    const inline = beneficiaryBody('USD_LOCAL', { nickname: 'never stored' });
    const res = await tok.post('/v1/payouts', payoutBody('', { beneficiary_id: undefined, beneficiary: inline }));
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'Insufficient balance: the USD wallet cannot cover this amount' }]);
    expect(await t.db.prisma.payout.count({ where: { accountId: poor.account.id } })).toBe(0);
    expect(await t.db.prisma.beneficiary.count({ where: { accountId: poor.account.id } })).toBe(0);
    expect(await balancesOf(t.services, poor.account.id, 'USD')).toEqual(['100.5', '0', '0', '-100.5', '0']);
  });

  it('requires an idempotency key', async () => {
    const res = await token.post('/v1/payouts', payoutBody(usdLocal), { key: null });
    expect([res.status, res.body]).toEqual([400, { code: 400, message: 'Idempotency key error' }]);
  });
});

describe('PO1 field rules (spec 4.6)', () => {
  it.each(['currency', 'amount', 'purpose_code'])('requires %s', async (field) => {
    const body = payoutBody(usdLocal);
    delete body[field];
    await expectRefused(body, `Field '${field}' is required`);
  });

  it("accepts the Node client's body without payout_reference and payout_date: referenced by its short_reference_id, attempted today", async () => {
    const body = payoutBody(usdLocal);
    delete body.payout_reference;
    delete body.payout_date;
    const res = await token.post('/v1/payouts', body);
    expect(res.status).toBe(200);
    const payout = await token.get(`/v1/payouts/${res.body.payout_id}`);
    expect(payout.body).toMatchObject({ payout_reference: res.body.short_reference_id, payout_date: TODAY });
  });

  it('refuses a currency that is not three letters or not supported', async () => {
    await expectRefused(payoutBody(usdLocal, { currency: 'US' }), "Invalid value for field 'currency': must be a three-letter ISO 4217 code");
    await expectRefused(payoutBody(usdLocal, { currency: 'XYZ' }), "Invalid value for field 'currency': currency is not supported");
  });

  it('takes amount as a positive decimal string in the currency precision', async () => {
    await expectRefused(payoutBody(usdLocal, { amount: 100 }), "Invalid type for field 'amount'");
    await expectRefused(payoutBody(usdLocal, { amount: '10.001' }), "Invalid value for field 'amount': USD amounts have at most 2 decimals");
    await expectRefused(payoutBody(usdLocal, { amount: '0.00' }), "Invalid value for field 'amount': must be greater than 0");
    await expectRefused(payoutBody(usdLocal, { currency: 'JPY', amount: '100.5' }), "Invalid value for field 'amount': JPY amounts have no decimals");
  });

  it('refuses a purpose_code outside the enum', async () => {
    await expectRefused(payoutBody(usdLocal, { purpose_code: 'SALARY' }), `Invalid value for field 'purpose_code': must be one of ${PURPOSE_CODES.join(', ')}`);
  });

  it('refuses a payout_reference that is blank or longer than 100', async () => {
    await expectRefused(payoutBody(usdLocal, { payout_reference: '   ' }), "Field 'payout_reference' is required");
    await expectRefused(payoutBody(usdLocal, { payout_reference: 'x'.repeat(101) }), "Invalid value for field 'payout_reference': must be at most 100 characters");
    expect((await token.post('/v1/payouts', payoutBody(usdLocal, { payout_reference: 'x'.repeat(100) }))).status).toBe(200);
  });

  it('refuses a SWIFT payout_reference with #', async () => {
    const swift = await createBeneficiary(token, 'EUR_SWIFT');
    await expectRefused(
      payoutBody(swift, { currency: 'EUR', payout_reference: 'Invoice #42', fee_paid_by: 'SHARED' }),
      "Invalid value for field 'payout_reference': only letters, digits, spaces and - / ? : ( ) . ' + , are allowed",
    );
    const ok = await token.post('/v1/payouts', payoutBody(swift, { currency: 'EUR', payout_reference: "Inv-42/A? (part 1): o'k +1, done.", fee_paid_by: 'SHARED' }));
    expect(ok.status).toBe(200);
  });

  it('applies no format check to a LOCAL USD reference, and the SWIFT set to a LOCAL SGD one', async () => {
    expect((await token.post('/v1/payouts', payoutBody(usdLocal, { payout_reference: 'Facture n°42 # ünïcode' }))).status).toBe(200);
    const sgd = await createBeneficiary(token, 'SGD_LOCAL');
    await expectRefused(
      payoutBody(sgd, { currency: 'SGD', payout_reference: 'Invoice #42' }),
      "Invalid value for field 'payout_reference': only letters, digits, spaces and - / ? : ( ) . ' + , are allowed",
    );
  });

  it('requires fee_paid_by for SWIFT, charges by it, and ignores it for LOCAL', async () => {
    const swift = await createBeneficiary(token, 'EUR_SWIFT');
    await expectRefused(payoutBody(swift, { currency: 'EUR' }), "Field 'fee_paid_by' is required");
    await expectRefused(payoutBody(swift, { currency: 'EUR', fee_paid_by: 'BEN' }), "Invalid value for field 'fee_paid_by': must be one of SHARED, OURS");
    const fees: Record<string, unknown> = {};
    for (const feePaidBy of ['SHARED', 'OURS']) {
      const res = await token.post('/v1/payouts', payoutBody(swift, { currency: 'EUR', fee_paid_by: feePaidBy }));
      const { body } = await token.get(`/v1/payouts/${(res.body as { payout_id: string }).payout_id}`);
      fees[feePaidBy] = [body.fee_paid_by, body.fee_amount, body.amount_payer_pays, body.amount_beneficiary_receives, body.payout_method];
    }
    // 10 and 25 US dollars at the rate table's EUR mid rate, 0.865 per dollar (21.625 rounds half-even).
    expect(fees).toEqual({ SHARED: ['SHARED', '8.65', '108.65', '100.00', 'SWIFT'], OURS: ['OURS', '21.62', '121.62', '100.00', 'SWIFT'] });
    const local = await token.post('/v1/payouts', payoutBody(usdLocal, { fee_paid_by: 'OURS' }));
    const { body } = await token.get(`/v1/payouts/${(local.body as { payout_id: string }).payout_id}`);
    expect([body.fee_paid_by, body.fee_amount]).toEqual([null, '1.00']);
  });

  it('takes payout_date as YYYY-MM-DD, today or later', async () => {
    await expectRefused(payoutBody(usdLocal, { payout_date: '2026-11-20' }), "Invalid value for field 'payout_date': must not be in the past");
    await expectRefused(payoutBody(usdLocal, { payout_date: '2026-11-21T10:00:00Z' }), "Invalid value for field 'payout_date': must be a date in the form YYYY-MM-DD");
    expect((await token.post('/v1/payouts', payoutBody(usdLocal, { payout_date: '2026-12-01' }))).status).toBe(200);
  });

  it('refuses a payout_currency other than currency without a quote', async () => {
    await expectRefused(payoutBody(usdLocal, { payout_currency: 'EUR', payout_amount: '90.00' }), "Field 'quote_id' is required for a cross-currency payout");
    await expectRefused(payoutBody(usdLocal, { payout_amount: '99.00' }), "Invalid value for field 'payout_amount': must equal amount when no quote_id is given");
  });
});

describe('PO1 beneficiary_id or beneficiary', () => {
  it('needs one of them, never both', async () => {
    await expectRefused(payoutBody(usdLocal, { beneficiary_id: undefined }), "Field 'beneficiary_id' or 'beneficiary' is required");
    await expectRefused(payoutBody(usdLocal, { beneficiary: beneficiaryBody() }), "Invalid value for field 'beneficiary': must be empty when beneficiary_id is given");
    expect((await token.post('/v1/payouts', payoutBody(usdLocal, { beneficiary: {} }))).status).toBe(200);
  });

  it('answers an unknown, malformed or other tenant beneficiary alike', async () => {
    const other = await makeMaster(t.services, { name: 'Other' });
    const theirs = await createBeneficiary(await clientOf(t, other));
    await expectRefused(payoutBody(theirs), 'beneficiary not found');
    await expectRefused(payoutBody(randomUUID()), 'beneficiary not found');
    await expectRefused(payoutBody('not-a-uuid'), "Invalid value for field 'beneficiary_id': must be a UUID v4");
  });

  it('creates an inline beneficiary in the same transaction, with field names under beneficiary', async () => {
    const res = await token.post('/v1/payouts', payoutBody('', { beneficiary_id: undefined, beneficiary: beneficiaryBody('USD_LOCAL', { nickname: 'inline' }) }));
    expect(res.status).toBe(200);
    const { body: payout } = await token.get(`/v1/payouts/${(res.body as { payout_id: string }).payout_id}`);
    const { status, body: beneficiary } = await token.get(`/v1/beneficiaries/${String(payout.beneficiary_id)}`);
    expect(status).toBe(200);
    expect(beneficiary).toMatchObject({ beneficiary_id: payout.beneficiary_id, nickname: 'inline', payment_method: 'LOCAL' });
    await expectRefused(
      payoutBody('', { beneficiary_id: undefined, beneficiary: beneficiaryBody('USD_LOCAL', { company_name: undefined }) }),
      "Field 'beneficiary.company_name' is required",
    );
  });
});

describe('PO1 is_payer and payer_id', () => {
  it('defaults is_payer to Y when x-on-behalf-of names a sub-account, to N otherwise', async () => {
    const sub = await makeSub(t.services, master, 'Branch');
    const onBehalf = { 'x-on-behalf-of': sub.id };
    const branch = token.as(sub.id);
    await fundWallet(t.services, sub.id, 'USD', '1000.00');
    const subBeneficiary = await createBeneficiary(branch, 'USD_LOCAL');
    const res = await branch.post('/v1/payouts', payoutBody(subBeneficiary));
    const id = (res.body as { payout_id: string }).payout_id;
    const { body } = await branch.get(`/v1/payouts/${id}`);
    expect([body.is_payer, body.payer_id]).toEqual(['Y', null]);
    expect(await t.db.prisma.payout.findUniqueOrThrow({ where: { id } })).toMatchObject({ accountId: sub.id, isPayer: true });
    // The master's own view does not hold the sub-account's payout.
    expect((await token.get(`/v1/payouts/${id}`)).body).toEqual({ code: 400, message: 'entity not found' });
    await expectRefused(payoutBody(subBeneficiary, { payer_id: randomUUID() }), "Invalid value for field 'payer_id': must be empty when is_payer is Y", onBehalf);
  });

  it('keeps a payer_id with is_payer N, and wants it a UUID', async () => {
    const payer = randomUUID();
    const res = await token.post('/v1/payouts', payoutBody(usdLocal, { is_payer: 'N', payer_id: payer }));
    const { body } = await token.get(`/v1/payouts/${(res.body as { payout_id: string }).payout_id}`);
    expect([body.is_payer, body.payer_id]).toEqual(['N', payer]);
    await expectRefused(payoutBody(usdLocal, { is_payer: 'N', payer_id: 'P-1' }), "Invalid value for field 'payer_id': must be a UUID");
    await expectRefused(payoutBody(usdLocal, { is_payer: 'yes' }), "Invalid value for field 'is_payer': must be Y or N");
  });
});

describe('PO1 documentation', () => {
  const pdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.4 invoice 42').toString('base64')}`;

  it('requires an invoice for an INR beneficiary cleared by IFSC', async () => {
    const inr = await createBeneficiary(token, 'INR_IFSC');
    const body = payoutBody(inr, { currency: 'INR', amount: '5000.00' });
    await expectRefused(
      body,
      "Field 'documentation' is required: an invoice document is mandatory when the beneficiary's account_currency_code is INR and clearing_system is IFSC",
    );
    expect((await token.post('/v1/payouts', { ...body, documentation: [{ file: pdf }] })).status).toBe(200);
    const fileId = (await uploadOne(token, 'invoice.pdf', samples.pdf())).body.file_id as string;
    expect((await token.post('/v1/payouts', { ...body, documentation: [{ file_id: fileId, type: 'INVOICE' }] })).status).toBe(200);
  });

  it('takes a file_id only when it names a file the acting account uploaded', async () => {
    const other = await clientOf(t, await makeMaster(t.services, { name: 'Someone else' }));
    const theirs = (await uploadOne(other, 'invoice.pdf', samples.pdf())).body.file_id as string;
    const mine = (await uploadOne(token, 'invoice.pdf', samples.pdf())).body.file_id as string;
    const rule = 'no uploaded file has this id (POST /v1/files/upload)';
    await expectRefused(payoutBody(usdLocal, { documentation: [{ file_id: randomUUID() }] }), `Invalid value for field 'documentation[0].file_id': ${rule}`);
    await expectRefused(
      payoutBody(usdLocal, { documentation: [{ file_id: mine }, { file_id: theirs }] }),
      `Invalid value for field 'documentation[1].file_id': ${rule}`,
    );
  });

  it('checks a data URI by media type and content', async () => {
    const fake = `data:application/pdf;base64,${Buffer.from('<html>').toString('base64')}`;
    await expectRefused(payoutBody(usdLocal, { documentation: [{ file: fake }] }), "Invalid value for field 'documentation[0].file': content does not match the media type application/pdf");
    await expectRefused(
      payoutBody(usdLocal, { documentation: [{ file: 'data:text/html;base64,PGh0bWw+' }] }),
      "Invalid value for field 'documentation[0].file': media type must be one of pdf, jpeg, png, doc, docx",
    );
  });
});

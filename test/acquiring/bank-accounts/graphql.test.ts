import { startTestApp, type TestApp } from '../../support/app';
import { BankAccountDocument, BankAccountsDocument, CreateBankAccountDocument, UpdateBankAccountDocument } from '../../support/graphql.generated';
import type { Json } from '../../support/client';
import { BankAccountStatusEnum, BankCodeTypeEnum } from '../../../src/resolvers/acquiring/bank-accounts/types';
import { bankAccountBody, createBankAccount, v2Tenant, type V2Tenant } from './fixtures';

let t: TestApp;
let who: V2Tenant;

beforeAll(async () => {
  t = await startTestApp();
  who = await v2Tenant(t, 'GraphQL holder');
});
afterAll(() => t.close());

/**
 * A GraphQL BankAccount in the REST answer's names, to compare the two doors field by field: enum
 * values through the schema's own mapping (BANK_CODE stands for bank_code).
 */
const asRest = (b: Json) => ({
  id: b.id,
  account_number: b.accountNumber,
  account_name: b.accountName,
  bank_name: b.bankName,
  swift_code: b.swiftCode,
  bank_country_code: b.bankCountryCode,
  bank_address: b.bankAddress,
  currency: b.currency,
  bank_code_type: b.bankCodeType == null ? b.bankCodeType : BankCodeTypeEnum[b.bankCodeType as string],
  bank_code_value: b.bankCodeValue,
  bank_branch_code: b.bankBranchCode,
  account_status: BankAccountStatusEnum[b.accountStatus as string],
  create_time: b.createdAt,
  update_time: b.updatedAt,
});

describe('bank accounts over GraphQL', () => {
  it('creates one with the REST rules and returns what REST returns (parity both ways)', async () => {
    const { data, errors } = await who.c.gql(CreateBankAccountDocument, {
      input: { accountNumber: '987654321', bankName: 'RBC', swiftCode: 'ROYCCAT2', bankCountryCode: 'CA', bankAddress: 'Toronto', currency: 'CAD', bankCodeType: 'BANK_CODE', bankCodeValue: '003', bankBranchCode: '00011' },
    });
    expect(errors).toBeUndefined();
    const created = data!.createBankAccount.bankAccount!;
    expect(created).toMatchObject({ accountName: 'GraphQL holder', accountStatus: 'VALID', bankCodeType: 'BANK_CODE' });
    expect((await who.c.get(`/v2/payment/bankaccount/${created.id}`)).body).toEqual(asRest(created));

    const viaRest = await createBankAccount(who.c, 'CNH_CN');
    const read = await who.c.gql(BankAccountDocument, { id: viaRest });
    expect(asRest(read.data!.bankAccount!)).toEqual((await who.c.get(`/v2/payment/bankaccount/${viaRest}`)).body);
    const list = await who.c.gql(BankAccountsDocument, {});
    expect(list.data!.bankAccounts.totalCount).toBe((await who.c.get('/v2/payment/bankaccount')).body.total_items);
  });

  it('names the GraphQL field in a rule’s error', async () => {
    const { data, errors } = await who.c.gql(CreateBankAccountDocument, {
      input: { accountNumber: '987654321', bankName: 'RBC', swiftCode: 'ROYCCAT2', bankCountryCode: 'CA', bankAddress: 'Toronto', currency: 'CAD', bankCodeType: 'BANK_CODE', bankCodeValue: '003' },
    });
    expect(errors).toBeUndefined();
    expect(data!.createBankAccount.bankAccount).toBeNull();
    expect(data!.createBankAccount.userErrors[0]!.message).toBe("Field 'bankBranchCode' is required: CAD accounts need bank_branch_code");
    expect(data!.createBankAccount.userErrors[0]).toMatchObject({ field: ['input', 'bankBranchCode'] });
  });

  it('updates one (BA4) with the same rules', async () => {
    const id = await createBankAccount(who.c, 'GBP');
    const body = bankAccountBody('GBP');
    const base = { id, accountNumber: '00000000', bankName: 'Barclays', swiftCode: 'BARCGB22', bankCountryCode: 'GB', bankAddress: String(body.bank_address) };
    const refused = await who.c.gql(UpdateBankAccountDocument, { input: base });
    expect(refused.data!.updateBankAccount.userErrors[0]!.message).toBe("Field 'bankCodeType' is required: GBP accounts need bank_code_type sort_code");
    const { data, errors } = await who.c.gql(UpdateBankAccountDocument, { input: { ...base, bankCodeType: 'SORT_CODE', bankCodeValue: '200000' } });
    expect(errors).toBeUndefined();
    expect(data!.updateBankAccount.bankAccount!).toMatchObject({ id, bankName: 'Barclays', accountStatus: 'INVALID', currency: 'GBP' });
    expect((await who.c.get(`/v2/payment/bankaccount/${id}`)).body).toEqual(asRest(data!.updateBankAccount.bankAccount!));
  });
});

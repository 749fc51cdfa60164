import { CountryCodeScalar, CurrencyCodeScalar } from '../../shared/scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { BANK_ACCOUNT_STATUSES, BANK_CODE_TYPES } from '../../../domain/acquiring/bank-accounts/rules';
import type { BankAccountView } from '../../../domain/acquiring/bank-accounts/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { Node, rowNode } from '../../shared/node';
import { bankAccountsByIds } from '../../../domain/acquiring/bank-accounts/queries';

export const BankAccountStatusEnum = enumFrom('BankAccountStatus', BANK_ACCOUNT_STATUSES, 'VALID, INVALID (REST: Valid, Invalid; spec 3.1)');
export const BankCodeTypeEnum = enumFrom('BankCodeType', BANK_CODE_TYPES, 'ABA, BANK_CODE, SORT_CODE, BSB_CODE, IFSC, CNAPS_NUMBER (REST: aba, bank_code, ...; spec 4.3)');

@ObjectType({ implements: Node, description: 'A settlement bank account (spec 2.6; catalogue BA1-BA4)' })
export class BankAccount {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  accountNumber!: string;

  @Field(() => String, { description: 'The holder: the owning account' })
  accountName!: string;

  @Field(() => String)
  bankName!: string;

  @Field(() => String)
  swiftCode!: string;

  @Field(() => CountryCodeScalar)
  bankCountryCode!: string;

  @Field(() => String)
  bankAddress!: string;

  @Field(() => CurrencyCodeScalar, { description: 'The settlement currency' })
  currency!: string;

  @Field(() => BankCodeTypeEnum, { nullable: true })
  bankCodeType!: string | null;

  @Field(() => String, { nullable: true })
  bankCodeValue!: string | null;

  @Field(() => String, { nullable: true })
  bankBranchCode!: string | null;

  @Field(() => BankAccountStatusEnum)
  accountStatus!: string;

  @Field(() => GraphQLDateTime)
  createdAt!: string;

  @Field(() => GraphQLDateTime)
  updatedAt!: string;
}

export const toGraphQLBankAccount = (b: BankAccountView): BankAccount => ({
  id: b.id,
  accountNumber: b.accountNumber,
  accountName: b.accountName,
  bankName: b.bankName,
  swiftCode: b.swiftCode,
  bankCountryCode: b.bankCountryCode,
  bankAddress: b.bankAddress,
  currency: b.currency,
  bankCodeType: b.bankCodeType,
  bankCodeValue: b.bankCodeValue,
  bankBranchCode: b.bankBranchCode,
  accountStatus: b.status,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

export const BankAccountConnection = Connection(BankAccount, 'BankAccount');

@InputType({ description: 'Spec 4.3; the rules and their messages are those of POST /v2/payment/bankaccount/create' })
export class CreateBankAccountInput {
  @Field(() => String, { description: '5-60 letters and digits (an IBAN, for example)' })
  accountNumber!: string;

  @Field(() => String)
  bankName!: string;

  @Field(() => String, { description: 'A BIC: 8 or 11 characters' })
  swiftCode!: string;

  @Field(() => CountryCodeScalar, { description: 'ISO 3166-1 alpha-2' })
  bankCountryCode!: string;

  @Field(() => String)
  bankAddress!: string;

  @Field(() => CurrencyCodeScalar, { description: 'The settlement currency (ISO 4217)' })
  currency!: string;

  @Field(() => BankCodeTypeEnum, { nullable: true, description: 'Required by currency and country (spec 4.3)' })
  bankCodeType?: string;

  @Field(() => String, { nullable: true })
  bankCodeValue?: string;

  @Field(() => String, { nullable: true, description: 'Required for CAD' })
  bankBranchCode?: string;
}

@InputType({ description: 'BA4: the same fields and rules; the currency cannot change' })
export class UpdateBankAccountInput {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  accountNumber!: string;

  @Field(() => String)
  bankName!: string;

  @Field(() => String)
  swiftCode!: string;

  @Field(() => CountryCodeScalar)
  bankCountryCode!: string;

  @Field(() => String)
  bankAddress!: string;

  @Field(() => BankCodeTypeEnum, { nullable: true })
  bankCodeType?: string;

  @Field(() => String, { nullable: true })
  bankCodeValue?: string;

  @Field(() => String, { nullable: true })
  bankBranchCode?: string;
}

/** BankAccount as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const bankAccountNode = rowNode({ kind: 'bank_account', type: BankAccount, find: bankAccountsByIds, map: toGraphQLBankAccount });

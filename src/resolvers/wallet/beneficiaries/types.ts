import { CountryCodeScalar, CurrencyCodeScalar } from '../../shared/scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { PAYMENT_METHODS, type PaymentMethodOption } from '../../../domain/wallet/beneficiaries/payment-methods';
import { BENEFICIARY_STATUSES } from '../../../domain/wallet/beneficiaries/rules';
import type { StoredAdditionalInfo, StoredAddress, StoredBankDetails } from '../../../domain/wallet/beneficiaries/stored';
import type { BeneficiaryCheck as CheckView, BeneficiaryView } from '../../../domain/wallet/beneficiaries/view';
import { EntityTypeEnum } from '../../onboarding/accounts/enums';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { Node, rowNode } from '../../shared/node';
import { beneficiariesByIds } from '../../../domain/wallet/beneficiaries/queries';

// Prefixed names: payouts and bank accounts have payment methods and statuses of their own.
export const BeneficiaryPaymentMethodEnum = enumFrom('BeneficiaryPaymentMethod', PAYMENT_METHODS, 'LOCAL rail or SWIFT (spec 2.12)');
export const BeneficiaryStatusEnum = enumFrom('BeneficiaryStatus', BENEFICIARY_STATUSES);

const text = { nullable: true } as const;

@ObjectType()
export class BeneficiaryBankDetails {
  @Field(() => String, text) bankName!: string | null;
  @Field(() => String, text) bankAddress!: string | null;
  @Field(() => CountryCodeScalar, text) bankCountryCode!: string | null;
  @Field(() => String, text) accountHolder!: string | null;
  @Field(() => CurrencyCodeScalar, text) accountCurrencyCode!: string | null;
  @Field(() => String, text) swiftCode!: string | null;
  @Field(() => String, text) clearingSystem!: string | null;
  @Field(() => String, text) accountNumber!: string | null;
  @Field(() => String, text) iban!: string | null;
  @Field(() => String, text) routingCodeType1!: string | null;
  @Field(() => String, text) routingCodeValue1!: string | null;
  @Field(() => String, text) routingCodeType2!: string | null;
  @Field(() => String, text) routingCodeValue2!: string | null;
}

@ObjectType()
export class BeneficiaryAddress {
  @Field(() => CountryCodeScalar, text) country!: string | null;
  @Field(() => String, text) city!: string | null;
  @Field(() => String, text) streetAddress!: string | null;
  @Field(() => String, text) postalCode!: string | null;
  @Field(() => String, text) state!: string | null;
  @Field(() => String, text) nationality!: string | null;
}

@ObjectType()
export class BeneficiaryAdditionalInfo {
  @Field(() => String, text) organizationCode!: string | null;
  @Field(() => String, text) proxyId!: string | null;
  @Field(() => String, text) idType!: string | null;
  @Field(() => String, text) idNumber!: string | null;
  @Field(() => String, text) taxId!: string | null;
  @Field(() => String, text) msisdn!: string | null;
}

@ObjectType({ implements: Node, description: 'Someone payouts are sent to (spec 2.12, catalogue PO6)' })
export class Beneficiary {
  @Field(() => ID) id!: string;
  @Field(() => String) shortReferenceId!: string;
  @Field(() => EntityTypeEnum) entityType!: string;
  @Field(() => BeneficiaryPaymentMethodEnum) paymentMethod!: string;
  @Field(() => BeneficiaryStatusEnum) beneficiaryStatus!: string;
  @Field(() => String, text) companyName!: string | null;
  @Field(() => String, text) firstName!: string | null;
  @Field(() => String, text) lastName!: string | null;
  @Field(() => String, text) idNumber!: string | null;
  @Field(() => String, text) email!: string | null;
  @Field(() => String, text) nickname!: string | null;
  @Field(() => String, { description: 'One line: name, bank, currency and the last four account characters' }) summary!: string;
  @Field(() => BeneficiaryBankDetails) bankDetails!: BeneficiaryBankDetails;
  @Field(() => BeneficiaryAddress, text) address!: BeneficiaryAddress | null;
  @Field(() => BeneficiaryAdditionalInfo, text) additionalInfo!: BeneficiaryAdditionalInfo | null;
  @Field(() => GraphQLDateTime) createdAt!: string;
  @Field(() => GraphQLDateTime) updatedAt!: string;
}

export const BeneficiaryConnection = Connection(Beneficiary, 'Beneficiary');
export type BeneficiaryConnection = InstanceType<typeof BeneficiaryConnection>;

@ObjectType({ description: 'PO9: the matching beneficiary on file, or the checked fields as a create would store them' })
export class BeneficiaryCheck {
  @Field(() => Boolean, { description: 'An active beneficiary with the same entity type, method, bank country, currency and account number exists' })
  matched!: boolean;

  @Field(() => Beneficiary, { nullable: true, description: 'The matching beneficiary (the newest), when matched' })
  beneficiary!: Beneficiary | null;

  @Field(() => EntityTypeEnum) entityType!: string;
  @Field(() => BeneficiaryPaymentMethodEnum) paymentMethod!: string;
  @Field(() => String, text) companyName!: string | null;
  @Field(() => String, text) firstName!: string | null;
  @Field(() => String, text) lastName!: string | null;
  @Field(() => String) summary!: string;
  @Field(() => BeneficiaryBankDetails) bankDetails!: BeneficiaryBankDetails;
}

@ObjectType({ description: 'PO10: one way to pay a bank in a country in a currency' })
export class BeneficiaryPaymentMethodOption {
  @Field(() => BeneficiaryPaymentMethodEnum) paymentMethod!: string;
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
}

// ---- inputs: every field nullable, so the domain's rules (and their messages) decide. The
// resolver hands them to the domain's command as they are (commandInput; no mapper here). ----

@InputType()
export class BeneficiaryBankDetailsInput {
  @Field(() => String, text) bankName?: string | null;
  @Field(() => String, text) bankAddress?: string | null;
  @Field(() => CountryCodeScalar, text) bankCountryCode?: string | null;
  @Field(() => String, text) accountHolder?: string | null;
  @Field(() => CurrencyCodeScalar, text) accountCurrencyCode?: string | null;
  @Field(() => String, text) swiftCode?: string | null;
  @Field(() => String, text) clearingSystem?: string | null;
  @Field(() => String, text) accountNumber?: string | null;
  @Field(() => String, text) iban?: string | null;
  @Field(() => String, text) routingCodeType1?: string | null;
  @Field(() => String, text) routingCodeValue1?: string | null;
  @Field(() => String, text) routingCodeType2?: string | null;
  @Field(() => String, text) routingCodeValue2?: string | null;
}

@InputType()
export class BeneficiaryAddressInput {
  @Field(() => CountryCodeScalar, text) country?: string | null;
  @Field(() => String, text) city?: string | null;
  @Field(() => String, text) streetAddress?: string | null;
  @Field(() => String, text) postalCode?: string | null;
  @Field(() => String, text) state?: string | null;
  @Field(() => String, text) nationality?: string | null;
}

@InputType()
export class BeneficiaryAdditionalInfoInput {
  @Field(() => String, text) organizationCode?: string | null;
  @Field(() => String, text) proxyId?: string | null;
  @Field(() => String, text) idType?: string | null;
  @Field(() => String, text) idNumber?: string | null;
  @Field(() => String, text) taxId?: string | null;
  @Field(() => String, text) msisdn?: string | null;
}

@InputType({ description: 'PO4 (spec 2.12); also the inline beneficiary of a payout' })
export class CreateBeneficiaryInput {
  @Field(() => EntityTypeEnum, { nullable: true, description: 'Defaults to COMPANY' }) entityType?: string | null;
  @Field(() => BeneficiaryPaymentMethodEnum, text) paymentMethod?: string | null;
  @Field(() => String, text) companyName?: string | null;
  @Field(() => String, text) firstName?: string | null;
  @Field(() => String, text) lastName?: string | null;
  @Field(() => String, text) idNumber?: string | null;
  @Field(() => String, text) email?: string | null;
  @Field(() => String, text) nickname?: string | null;
  @Field(() => BeneficiaryBankDetailsInput, text) bankDetails?: BeneficiaryBankDetailsInput | null;
  @Field(() => BeneficiaryAddressInput, text) address?: BeneficiaryAddressInput | null;
  @Field(() => BeneficiaryAdditionalInfoInput, text) additionalInfo?: BeneficiaryAdditionalInfoInput | null;
}

@InputType({ description: 'PO7: any subset of the fields; null clears an optional one; nested objects merge field by field' })
export class UpdateBeneficiaryInput extends CreateBeneficiaryInput {
  @Field(() => ID) id!: string;
}

@InputType()
export class DeleteBeneficiaryInput {
  @Field(() => ID) id!: string;
}

@InputType({ description: 'PO9: entityType, accountNumber, paymentMethod, currency and bankCountryCode are required' })
export class CheckBeneficiaryInput {
  @Field(() => EntityTypeEnum, text) entityType?: string | null;
  @Field(() => String, text) accountNumber?: string | null;
  @Field(() => BeneficiaryPaymentMethodEnum, text) paymentMethod?: string | null;
  @Field(() => CurrencyCodeScalar, text) currency?: string | null;
  @Field(() => CountryCodeScalar, text) bankCountryCode?: string | null;
  @Field(() => String, text) firstName?: string | null;
  @Field(() => String, text) lastName?: string | null;
  @Field(() => String, text) companyName?: string | null;
  @Field(() => String, text) clearingSystem?: string | null;
  @Field(() => String, text) iban?: string | null;
  @Field(() => BeneficiaryAdditionalInfoInput, text) additionalInfo?: BeneficiaryAdditionalInfoInput | null;
}

@InputType({ description: 'PO5 filters: name filters match a part of the name, ignoring case' })
export class BeneficiaryFilterInput {
  @Field(() => EntityTypeEnum, text) entityType?: string | null;
  @Field(() => String, text) nickname?: string | null;
  @Field(() => CurrencyCodeScalar, { nullable: true, description: "The bank account's currency" }) currency?: string | null;
  @Field(() => String, text) companyName?: string | null;
}

// ---- presenters: field by field, JSON-plain (a mutation's result is replayed from JSON) ----

const toGraphQLBankDetails = (b: StoredBankDetails): BeneficiaryBankDetails => ({
  bankName: b.bank_name ?? null,
  bankAddress: b.bank_address ?? null,
  bankCountryCode: b.bank_country_code ?? null,
  accountHolder: b.account_holder ?? null,
  accountCurrencyCode: b.account_currency_code ?? null,
  swiftCode: b.swift_code ?? null,
  clearingSystem: b.clearing_system ?? null,
  accountNumber: b.account_number ?? null,
  iban: b.iban ?? null,
  routingCodeType1: b.routing_code_type1 ?? null,
  routingCodeValue1: b.routing_code_value1 ?? null,
  routingCodeType2: b.routing_code_type2 ?? null,
  routingCodeValue2: b.routing_code_value2 ?? null,
});

const toGraphQLAddress = (a: StoredAddress): BeneficiaryAddress => ({
  country: a.country ?? null,
  city: a.city ?? null,
  streetAddress: a.street_address ?? null,
  postalCode: a.postal_code ?? null,
  state: a.state ?? null,
  nationality: a.nationality ?? null,
});

const toGraphQLAdditionalInfo = (i: StoredAdditionalInfo): BeneficiaryAdditionalInfo => ({
  organizationCode: i.organization_code ?? null,
  proxyId: i.proxy_id ?? null,
  idType: i.id_type ?? null,
  idNumber: i.id_number ?? null,
  taxId: i.tax_id ?? null,
  msisdn: i.msisdn ?? null,
});

export const toGraphQLBeneficiary = (b: BeneficiaryView): Beneficiary => ({
  id: b.id,
  shortReferenceId: b.shortReferenceId,
  entityType: b.entityType,
  paymentMethod: b.paymentMethod,
  beneficiaryStatus: b.status,
  companyName: b.companyName,
  firstName: b.firstName,
  lastName: b.lastName,
  idNumber: b.idNumber,
  email: b.email,
  nickname: b.nickname,
  summary: b.summary,
  bankDetails: toGraphQLBankDetails(b.bankDetails),
  address: b.address && toGraphQLAddress(b.address),
  additionalInfo: b.additionalInfo && toGraphQLAdditionalInfo(b.additionalInfo),
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

export function toGraphQLBeneficiaryCheck(check: CheckView): BeneficiaryCheck {
  const fields = check.matched ? check.beneficiary : check.candidate;
  return {
    matched: check.matched,
    beneficiary: check.matched ? toGraphQLBeneficiary(check.beneficiary) : null,
    entityType: fields.entityType,
    paymentMethod: fields.paymentMethod,
    companyName: fields.companyName,
    firstName: fields.firstName,
    lastName: fields.lastName,
    summary: fields.summary,
    bankDetails: toGraphQLBankDetails(fields.bankDetails),
  };
}

export const toGraphQLPaymentMethod = (m: PaymentMethodOption): BeneficiaryPaymentMethodOption => ({
  paymentMethod: m.paymentMethod,
  name: m.name,
  description: m.description,
});

/** Beneficiary as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const beneficiaryNode = rowNode({ kind: 'beneficiary', type: Beneficiary, find: beneficiariesByIds, map: toGraphQLBeneficiary });

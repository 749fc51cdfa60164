import { CountryCodeScalar, CurrencyCodeScalar } from '../../shared/scalars';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { VIRTUAL_ACCOUNT_PAYMENT_METHODS, VIRTUAL_ACCOUNT_STATUSES } from '../../../domain/wallet/virtual-accounts/rules';
import type { VirtualAccountView } from '../../../domain/wallet/virtual-accounts/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { Node, rowNode } from '../../shared/node';
import { virtualAccountsByIds } from '../../../domain/wallet/virtual-accounts/queries';

export const VirtualAccountPaymentMethodEnum = enumFrom('VirtualAccountPaymentMethod', VIRTUAL_ACCOUNT_PAYMENT_METHODS, "LOCAL (the currency's home clearing system) or SWIFT");
export const VirtualAccountStatusEnum = enumFrom('VirtualAccountStatus', VIRTUAL_ACCOUNT_STATUSES, 'PENDING (being opened), ACTIVE, CLOSED');

@ObjectType({ description: 'How a virtual account is reached' })
export class VirtualAccountCapability {
  @Field(() => VirtualAccountPaymentMethodEnum)
  paymentMethod!: string;
}

@ObjectType({ description: 'The clearing system a payer uses and the routing code they quote on it' })
export class VirtualAccountClearingSystem {
  @Field(() => String, { description: 'ACH, FPS, SEPA, FAST, … or SWIFT' })
  type!: string;

  @Field(() => String, { description: 'ABA routing number, sort code, BIC, bank code, …' })
  value!: string;
}

@ObjectType({ implements: Node, description: 'A receiving bank account of the acting account in one currency (BT14, BT15)' })
export class VirtualAccount {
  @Field(() => ID, { description: 'account_bank_id on the REST door' })
  id!: string;

  @Field(() => CurrencyCodeScalar)
  currency!: string;

  @Field(() => VirtualAccountPaymentMethodEnum)
  paymentMethod!: string;

  @Field(() => String, { description: 'Where money is received; unique on the platform' })
  accountNumber!: string;

  @Field(() => String)
  accountHolder!: string;

  @Field(() => String)
  bankName!: string;

  @Field(() => String)
  bankAddress!: string;

  @Field(() => String)
  bankCode!: string;

  @Field(() => String)
  swiftCode!: string;

  @Field(() => CountryCodeScalar)
  countryCode!: string;

  @Field(() => VirtualAccountCapability)
  capability!: VirtualAccountCapability;

  @Field(() => VirtualAccountClearingSystem)
  clearingSystem!: VirtualAccountClearingSystem;

  @Field(() => VirtualAccountStatusEnum)
  status!: string;

  @Field(() => String, { nullable: true })
  closeReason!: string | null;

  @Field(() => GraphQLDateTime)
  createdAt!: string;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the account became ACTIVE' })
  activatedAt!: string | null;

  @Field(() => GraphQLDateTime, { nullable: true })
  closedAt!: string | null;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLVirtualAccount = (va: VirtualAccountView): VirtualAccount => ({
  id: va.id,
  currency: va.currency,
  paymentMethod: va.paymentMethod,
  accountNumber: va.accountNumber,
  accountHolder: va.accountHolder,
  bankName: va.bankName,
  bankAddress: va.bankAddress,
  bankCode: va.bankCode,
  swiftCode: va.swiftCode,
  countryCode: va.countryCode,
  capability: { paymentMethod: va.paymentMethod },
  clearingSystem: { type: va.clearingSystemType, value: va.clearingSystemValue },
  status: va.status,
  closeReason: va.closeReason,
  createdAt: va.createdAt.toISOString(),
  activatedAt: va.activatedAt?.toISOString() ?? null,
  closedAt: va.closedAt?.toISOString() ?? null,
});

export const VirtualAccountConnection = Connection(VirtualAccount, 'VirtualAccount');

@InputType({ description: 'BT15 filters' })
export class VirtualAccountFilter {
  @Field(() => CurrencyCodeScalar, { nullable: true, description: 'A supported ISO 4217 code, in either case' })
  currency?: string;
}

@InputType({ description: 'Opens a virtual account (BT14); sandbox accounts only' })
export class OpenVirtualAccountInput {
  @Field(() => CurrencyCodeScalar, { description: 'A supported ISO 4217 code' })
  currency!: string;

  @Field(() => VirtualAccountPaymentMethodEnum, { nullable: true, description: 'LOCAL when not given' })
  paymentMethod?: string | null;
}

@InputType({ description: "Closes a virtual account (payrail's extension; no REST call)" })
export class CloseVirtualAccountInput {
  @Field(() => ID, { description: 'The account to close (account_bank_id on the REST door)' })
  id!: string;

  @Field(() => String, { description: 'Kept as closeReason; 1 to 255 characters' })
  reason!: string;
}

/** VirtualAccount as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const virtualAccountNode = rowNode({ kind: 'virtual_account', type: VirtualAccount, find: virtualAccountsByIds, map: toGraphQLVirtualAccount });

import { CountryCodeScalar, CurrencyCodeScalar } from '../../shared/scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { APPLICATION_STATUSES, RESULT_STATUSES } from '../../../domain/onboarding/virtual-account-applications/rules';
import type { VirtualAccountApplicationView } from '../../../domain/onboarding/virtual-account-applications/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { toGraphQLVirtualAccount, VirtualAccount, VirtualAccountPaymentMethodEnum } from '../../wallet/virtual-accounts/types';
import { Node, rowNode } from '../../shared/node';
import { applicationsByIds } from '../../../domain/onboarding/virtual-account-applications/queries';

export const VirtualAccountApplicationStatusEnum = enumFrom('VirtualAccountApplicationStatus', APPLICATION_STATUSES, 'SUBMITTED (waiting for the bank), COMPLETED, PARTIALLY_COMPLETED (some methods failed), FAILED, CLOSED');
export const VirtualAccountApplicationResultStatusEnum = enumFrom('VirtualAccountApplicationResultStatus', RESULT_STATUSES, 'One payment method: SUBMITTED, COMPLETED, FAILED, SKIPPED (not available or already open), CLOSED');

@ObjectType({ description: 'Why a payment method was skipped or failed' })
export class VirtualAccountApplicationError {
  @Field(() => String)
  code!: string;

  @Field(() => String)
  message!: string;
}

@ObjectType({ description: "One payment method of an application and the accounts the bank opened for it" })
export class VirtualAccountApplicationResult {
  @Field(() => VirtualAccountPaymentMethodEnum)
  paymentMethod!: string;

  @Field(() => VirtualAccountApplicationResultStatusEnum)
  status!: string;

  @Field(() => [VirtualAccount])
  virtualAccounts!: VirtualAccount[];

  @Field(() => VirtualAccountApplicationError, { nullable: true })
  error!: VirtualAccountApplicationError | null;
}

@ObjectType({ implements: Node, description: "An application for virtual accounts in a country and currency (the official clients' flow)" })
export class VirtualAccountApplication {
  @Field(() => ID, { description: 'application_id on the REST door' })
  id!: string;

  @Field(() => Int, { description: 'Raised by every change; a webhook receiver keeps the highest' })
  publicVersion!: number;

  @Field(() => ID)
  accountId!: string;

  @Field(() => String, { description: '"0" for a main account, else its main account\'s id' })
  directId!: string;

  @Field(() => CountryCodeScalar)
  country!: string;

  @Field(() => CurrencyCodeScalar)
  currency!: string;

  @Field(() => VirtualAccountPaymentMethodEnum, { nullable: true, description: 'As asked; null when LOCAL and SWIFT were evaluated' })
  paymentMethod!: string | null;

  @Field(() => String, { nullable: true })
  nickname!: string | null;

  @Field(() => VirtualAccountApplicationStatusEnum)
  status!: string;

  @Field(() => [VirtualAccountApplicationResult])
  results!: VirtualAccountApplicationResult[];

  @Field(() => GraphQLDateTime)
  createdAt!: string;

  @Field(() => GraphQLDateTime)
  updatedAt!: string;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLVirtualAccountApplication = (a: VirtualAccountApplicationView): VirtualAccountApplication => ({
  id: a.id,
  publicVersion: a.publicVersion,
  accountId: a.accountId,
  directId: a.directId,
  country: a.country,
  currency: a.currency,
  paymentMethod: a.paymentMethod,
  nickname: a.nickname,
  status: a.status,
  results: a.results.map((r) => ({
    paymentMethod: r.paymentMethod,
    status: r.status,
    virtualAccounts: r.virtualAccounts.map(toGraphQLVirtualAccount),
    error: r.error,
  })),
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

export const VirtualAccountApplicationConnection = Connection(VirtualAccountApplication, 'VirtualAccountApplication');

@InputType({ description: 'Filters of the applications list; codes in either case' })
export class VirtualAccountApplicationFilter {
  @Field(() => VirtualAccountApplicationStatusEnum, { nullable: true })
  status?: string;

  @Field(() => CountryCodeScalar, { nullable: true })
  country?: string;

  @Field(() => CurrencyCodeScalar, { nullable: true })
  currency?: string;
}

@InputType({ description: "Applies for virtual accounts (the official clients' BT14 body); sandbox accounts only" })
export class ApplyForVirtualAccountsInput {
  @Field(() => CountryCodeScalar, { description: 'ISO 3166-1 alpha-2, where the accounts are held; the sandbox bank must have a branch there' })
  country!: string;

  @Field(() => CurrencyCodeScalar, { description: 'A supported ISO 4217 code' })
  currency!: string;

  @Field(() => VirtualAccountPaymentMethodEnum, { nullable: true, description: 'LOCAL or SWIFT; both are evaluated when not given' })
  paymentMethod?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 100 characters' })
  nickname?: string | null;
}

/** VirtualAccountApplication as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const applicationNode = rowNode({ kind: 'virtual_account_application', type: VirtualAccountApplication, find: applicationsByIds, map: toGraphQLVirtualAccountApplication });

import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime, GraphQLJSON } from 'graphql-scalars';
import { DEPOSIT_STATUSES } from '../../../domain/wallet/deposits/rules';
import type { DepositView, JsonValue } from '../../../domain/wallet/deposits/view';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';
import { Node, rowNode } from '../../shared/node';
import { depositsByIds } from '../../../domain/wallet/deposits/queries';

export const DepositStatusEnum = enumFrom('DepositStatus', DEPOSIT_STATUSES, 'PENDING, then COMPLETED (credited) or FAILED');

@ObjectType({ description: 'Who sent a deposit (spec 2.10 sender)' })
export class DepositSender {
  @Field(() => String, { nullable: true })
  name!: string | null;

  @Field(() => GraphQLJSON, { nullable: true, description: 'Any JSON value, kept as sent (spec 4.5)' })
  country!: JsonValue;

  @Field(() => String, { nullable: true })
  accountNumber!: string | null;

  @Field(() => String)
  swiftCode!: string;
}

@ObjectType({ implements: Node, description: 'An incoming bank deposit into the acting account (spec 2.10)' })
export class Deposit {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  shortReferenceId!: string;

  @Field(() => DecimalScalar)
  amount!: string;

  @Field(() => CurrencyCodeScalar)
  currency!: string;

  @Field(() => DecimalScalar)
  fee!: string;

  @Field(() => DepositStatusEnum)
  status!: string;

  @Field(() => String, { nullable: true })
  reference!: string | null;

  @Field(() => String)
  receiverAccountNumber!: string;

  @Field(() => DepositSender)
  sender!: DepositSender;

  @Field(() => GraphQLDateTime)
  createdAt!: string;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the deposit reached COMPLETED or FAILED' })
  completedAt!: string | null;

  @Field(() => String, { nullable: true })
  failureReason!: string | null;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLDeposit = (d: DepositView): Deposit => ({
  id: d.id,
  shortReferenceId: d.shortReferenceId,
  amount: d.amount,
  currency: d.currency,
  fee: d.fee,
  status: d.status,
  reference: d.reference,
  receiverAccountNumber: d.receiverAccountNumber ?? '',
  sender: { ...d.sender },
  createdAt: d.createdAt.toISOString(),
  completedAt: d.completedAt?.toISOString() ?? null,
  failureReason: d.failureReason,
});

export const DepositConnection = Connection(Deposit, 'Deposit');

@InputType({ description: 'A simulated incoming deposit (spec 4.5); sandbox accounts only' })
export class SimulateDepositInput {
  @Field(() => DecimalScalar, { description: "Positive, within the currency's minor units" })
  amount!: string;

  @Field(() => CurrencyCodeScalar)
  currency!: string;

  @Field(() => String, { description: 'At most 30 characters. Test values: a code starting with FAIL makes the deposit FAILED at once; one starting with PEND leaves it PENDING until the next clock advance (about a second on the real clock)' })
  senderSwiftCode!: string;

  @Field(() => String, { nullable: true, description: "Letters and digits, at most 60; defaults to the account's short reference" })
  receiverAccountNumber?: string | null;

  @Field(() => String, { nullable: true })
  senderAccountNumber?: string | null;

  @Field(() => String, { nullable: true })
  senderName?: string | null;

  @Field(() => GraphQLJSON, { nullable: true, description: 'Any JSON value, kept as sent (spec 4.5)' })
  senderCountry?: JsonValue;
}

@InputType({ description: 'Filters of deposits; times are inclusive' })
export class DepositFilter {
  @Field(() => GraphQLDateTime, { nullable: true })
  startTime?: Date;

  @Field(() => GraphQLDateTime, { nullable: true })
  endTime?: Date;

  @Field(() => DepositStatusEnum, { nullable: true })
  status?: string;
}

/** Deposit as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const depositNode = rowNode({ kind: 'deposit', type: Deposit, find: depositsByIds, map: toGraphQLDeposit });

import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import { DOCUMENT_TYPES, FEE_PAID_BY, PAYMENT_METHODS, PAYOUT_STATUSES, PURPOSE_CODES } from '../../../domain/wallet/payouts/rules';
import type { PayoutView } from '../../../domain/wallet/payouts/view';
import { CreateBeneficiaryInput } from '../beneficiaries/types';
import { Connection } from '../../shared/connection';
import { enumFrom } from '../../shared/enums';
import { CurrencyCodeScalar, DecimalScalar } from '../../shared/scalars';
import { Node, rowNode } from '../../shared/node';
import { payoutsByIds } from '../../../domain/wallet/payouts/queries';

export const PayoutStatusEnum = enumFrom('PayoutStatus', PAYOUT_STATUSES, 'READY_TO_SEND, PENDING, REJECTED, FAILED, COMPLETED (spec 3.1)');
export const PayoutPurposeCodeEnum = enumFrom('PayoutPurposeCode', PURPOSE_CODES, 'Spec 4.6 purpose_code');
export const PayoutFeePaidByEnum = enumFrom('PayoutFeePaidBy', FEE_PAID_BY, 'Who pays the SWIFT charges');
export const PayoutMethodEnum = enumFrom('PayoutMethod', PAYMENT_METHODS, "The beneficiary's payment_method");
export const PayoutDocumentTypeEnum = enumFrom('PayoutDocumentType', DOCUMENT_TYPES);

@ObjectType({ implements: Node, description: 'Money sent to a beneficiary by LOCAL or SWIFT rail (spec 2.11, 4.6; catalogue PO3)' })
export class Payout {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  shortReferenceId!: string;

  @Field(() => PayoutStatusEnum)
  status!: string;

  @Field(() => CurrencyCodeScalar, { description: 'The currency the payer sends' })
  sourceCurrency!: string;

  @Field(() => DecimalScalar)
  sourceAmount!: string;

  @Field(() => CurrencyCodeScalar, { description: 'The currency the beneficiary receives' })
  payoutCurrency!: string;

  @Field(() => DecimalScalar)
  payoutAmount!: string;

  @Field(() => DecimalScalar, { description: 'sourceAmount plus the fee, in sourceCurrency' })
  amountPayerPays!: string;

  @Field(() => DecimalScalar)
  amountBeneficiaryReceives!: string;

  @Field(() => DecimalScalar)
  feeAmount!: string;

  @Field(() => CurrencyCodeScalar)
  feeCurrency!: string;

  @Field(() => PayoutFeePaidByEnum, { nullable: true, description: 'SWIFT only' })
  feePaidBy!: string | null;

  @Field(() => PayoutMethodEnum)
  payoutMethod!: string;

  @Field(() => PayoutPurposeCodeEnum)
  purposeCode!: string;

  @Field(() => String)
  payoutReference!: string;

  @Field(() => String, { description: 'YYYY-MM-DD: the date submission is attempted' })
  payoutDate!: string;

  @Field(() => ID)
  beneficiaryId!: string;

  @Field(() => ID, { nullable: true })
  quoteId!: string | null;

  @Field(() => Boolean)
  isPayer!: boolean;

  @Field(() => ID, { nullable: true })
  payerId!: string | null;

  @Field(() => String, { nullable: true })
  failureReason!: string | null;

  @Field(() => DecimalScalar, { nullable: true, description: 'What went back to the wallet, in sourceCurrency' })
  failureReturnedAmount!: string | null;

  @Field(() => GraphQLDateTime)
  createdAt!: string;

  @Field(() => GraphQLDateTime)
  updatedAt!: string;

  @Field(() => GraphQLDateTime, { nullable: true })
  completedAt!: string | null;
}

/** Plain JSON-safe values: mutation results are stored and replayed by the idempotency layer. */
export const toGraphQLPayout = (p: PayoutView): Payout => ({
  id: p.id,
  shortReferenceId: p.shortReferenceId,
  status: p.status,
  sourceCurrency: p.sourceCurrency,
  sourceAmount: p.sourceAmount,
  payoutCurrency: p.payoutCurrency,
  payoutAmount: p.payoutAmount,
  amountPayerPays: p.amountPayerPays,
  amountBeneficiaryReceives: p.payoutAmount,
  feeAmount: p.feeAmount,
  feeCurrency: p.feeCurrency,
  feePaidBy: p.feePaidBy,
  payoutMethod: p.paymentMethod,
  purposeCode: p.purposeCode,
  payoutReference: p.payoutReference,
  payoutDate: p.payoutDate,
  beneficiaryId: p.beneficiaryId,
  quoteId: p.quoteId,
  isPayer: p.isPayer,
  payerId: p.payerId,
  failureReason: p.failureReason,
  failureReturnedAmount: p.failureReturnedAmount,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  completedAt: p.completedAt?.toISOString() ?? null,
});

export const PayoutConnection = Connection(Payout, 'Payout');

@InputType({ description: 'One document: a base64 data URI in file, or the id of an uploaded file' })
export class PayoutDocumentInput {
  @Field(() => PayoutDocumentTypeEnum, { nullable: true, description: 'An entry without a type counts as an invoice' })
  type?: string;

  @Field(() => String, { nullable: true, description: 'data:<media type>;base64,<data> (pdf, jpeg, png, doc, docx)' })
  file?: string;

  @Field(() => String, { nullable: true })
  fileId?: string;
}

@InputType({ description: 'Spec 4.6; the rules and their messages are those of POST /v1/payouts' })
export class CreatePayoutInput {
  @Field(() => CurrencyCodeScalar, { description: 'The currency the payer sends' })
  currency!: string;

  @Field(() => DecimalScalar, { description: 'In currency' })
  amount!: string;

  @Field(() => PayoutPurposeCodeEnum)
  purposeCode!: string;

  @Field(() => String, {
    nullable: true,
    description: "At most 100; SWIFT: letters, digits, spaces and - / ? : ( ) . ' + ,; when absent, the payout's shortReferenceId",
  })
  payoutReference?: string;

  @Field(() => PayoutFeePaidByEnum, { nullable: true, description: 'Required (and effective) for SWIFT' })
  feePaidBy?: string;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, today or later; today when absent' })
  payoutDate?: string;

  @Field(() => ID, { nullable: true, description: 'For a cross-currency payout; payoutCurrency and payoutAmount then required' })
  quoteId?: string;

  @Field(() => CurrencyCodeScalar, { nullable: true })
  payoutCurrency?: string;

  @Field(() => DecimalScalar, { nullable: true })
  payoutAmount?: string;

  @Field(() => ID, { nullable: true, description: 'Either this or beneficiary' })
  beneficiaryId?: string;

  @Field(() => CreateBeneficiaryInput, { nullable: true, description: 'A new beneficiary, created with the payout (createBeneficiary rules)' })
  beneficiary?: CreateBeneficiaryInput;

  @Field(() => Boolean, { nullable: true, description: 'Defaults to true when acting on behalf of a sub-account' })
  isPayer?: boolean;

  @Field(() => ID, { nullable: true, description: 'Empty when isPayer is true' })
  payerId?: string;

  @Field(() => [PayoutDocumentInput], { nullable: true })
  documentation?: PayoutDocumentInput[];
}

@InputType()
export class PayoutFilter {
  @Field(() => PayoutStatusEnum, { nullable: true })
  status?: string;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Created at or after' })
  startTime?: Date;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'Created at or before' })
  endTime?: Date;
}

/** Payout as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const payoutNode = rowNode({ kind: 'payout', type: Payout, find: payoutsByIds, map: toGraphQLPayout });

import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Beneficiary, toGraphQLBeneficiary } from '../beneficiaries/types';
import { getPayout, listPayouts, parsePayoutFilter } from '../../domain/payouts/queries';
import { createPayout } from '../../domain/payouts/service';
import type { GraphQLContext } from '../context';
import { idempotentMutation } from '../idempotent';
import { connectionWindow, toConnection } from '../shared/connection';
import { CreatePayoutInput, Payout, PayoutConnection, PayoutFilter, toGraphQLPayout } from './types';

/** Drops absent members, so the idempotency hash and the domain see only what was sent. */
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

/** The GraphQL input in the REST wire names the domain's schema speaks (one set of rules and messages). */
const toWire = (input: CreatePayoutInput) =>
  defined({
    currency: input.currency,
    amount: input.amount,
    purpose_code: input.purposeCode,
    payout_reference: input.payoutReference,
    fee_paid_by: input.feePaidBy,
    payout_date: input.payoutDate,
    quote_id: input.quoteId,
    payout_currency: input.payoutCurrency,
    payout_amount: input.payoutAmount,
    beneficiary_id: input.beneficiaryId,
    beneficiary: input.beneficiary,
    is_payer: input.isPayer === undefined || input.isPayer === null ? undefined : input.isPayer ? 'Y' : 'N',
    payer_id: input.payerId,
    documentation: input.documentation?.map((d) => defined({ type: d.type, file: d.file, file_id: d.fileId })),
  });

@Resolver(() => Payout)
export class PayoutsResolver {
  @FieldResolver(() => Beneficiary, { nullable: true, description: 'The beneficiary the payout is sent to (batched per request)' })
  async beneficiary(@Root() payout: Payout, @Ctx() gctx: GraphQLContext): Promise<Beneficiary | null> {
    const record = await gctx.loaders.beneficiaryById.load(payout.beneficiaryId);
    return record ? toGraphQLBeneficiary(record) : null;
  }

  @Query(() => PayoutConnection, { description: 'Payouts of the acting account, newest first' })
  async payouts(
    @Ctx() gctx: GraphQLContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string,
    @Arg('filter', () => PayoutFilter, { nullable: true }) filter?: PayoutFilter,
  ) {
    const ctx = await gctx.auth();
    const window = connectionWindow(first, after);
    const parsed = parsePayoutFilter(
      defined({ payout_status: filter?.status, start_time: filter?.startTime?.toISOString(), end_time: filter?.endTime?.toISOString() }),
    );
    const { items, totalCount } = await listPayouts(ctx, parsed, window);
    return toConnection(items.map(toGraphQLPayout), window.skip, totalCount);
  }

  @Query(() => Payout, { description: 'One payout of the acting account' })
  async payout(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Payout> {
    const ctx = await gctx.auth();
    return toGraphQLPayout(await getPayout(ctx, id));
  }

  @Mutation(() => Payout, { description: 'Creates a payout (spec 4.6): the wallet is debited amount + fee at once' })
  async createPayout(@Arg('input', () => CreatePayoutInput) input: CreatePayoutInput, @Ctx() gctx: GraphQLContext): Promise<Payout> {
    const wire = toWire(input);
    return idempotentMutation(gctx, { field: 'createPayout', family: 'account_center', input: wire }, async (ctx) =>
      toGraphQLPayout(await createPayout(ctx, wire)),
    );
  }
}

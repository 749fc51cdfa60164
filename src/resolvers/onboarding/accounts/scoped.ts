import { Arg, Args, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { getAccount } from '../../../domain/onboarding/accounts/queries';
import { cardholderList } from '../../../domain/issuing/cardholders/queries';
import { cardList } from '../../../domain/issuing/cards/queries';
import { balanceList } from '../../../domain/wallet/balances/queries';
import { beneficiaryList } from '../../../domain/wallet/beneficiaries/queries';
import { depositList } from '../../../domain/wallet/deposits/queries';
import { payoutList } from '../../../domain/wallet/payouts/queries';
import { transferList } from '../../../domain/wallet/transfers/queries';
import { eventList } from '../../../platform/events/history';
import type { AreaList } from '../../../platform/pagination/list';
import type { GraphQLContext } from '../../context';
import { EventConnection, EventFilter, toGraphQLEvent } from '../../developers/events/types';
import { CardholderConnection, CardholderFilter, toGraphQLCardholder } from '../../issuing/cardholders/types';
import { CardConnection, CardFilter, toGraphQLCard } from '../../issuing/cards/types';
import { commandInput } from '../../shared/command-input';
import { ConnectionArgs, type ConnectionValue } from '../../shared/connection';
import { connection, query } from '../../shared/operations';
import { inScope, scopedContext } from '../../shared/scope';
import { BalanceConnection, toGraphQLBalance } from '../../wallet/balances/types';
import { BeneficiaryConnection, BeneficiaryFilterInput, toGraphQLBeneficiary } from '../../wallet/beneficiaries/types';
import { DepositConnection, DepositFilter, toGraphQLDeposit } from '../../wallet/deposits/types';
import { PayoutConnection, PayoutFilter, toGraphQLPayout } from '../../wallet/payouts/types';
import { toGraphQLTransfer, TransferConnection, TransferFilter } from '../../wallet/transfers/types';
import { Account, toGraphQLAccount } from './types';

const SCOPED = 'as the top-level list answers it with x-on-behalf-of set to this account; null when the caller may not act as it';

/** One of the account's lists, read as the account (scope.ts), or null when the caller may not act as it. */
async function scopedList<F, V, G>(
  gctx: GraphQLContext,
  account: Account,
  page: ConnectionArgs,
  list: AreaList<F, V>,
  present: (scope: GraphQLContext) => (view: V) => G,
  filter?: object | null,
): Promise<ConnectionValue<G> | null> {
  const scope = await scopedContext(gctx, account.id);
  if (!scope) return null;
  return inScope(await connection(scope, page, list, present(scope), commandInput(filter)), scope);
}

/**
 * The graph's scope: `account(id)` and the lists a dashboard switches between, hung off the account
 * they belong to, so that a client's cache keys each account's rows under its own path.
 */
@Resolver(() => Account)
export class AccountScopeResolver {
  @Query(() => Account, {
    nullable: true,
    description:
      "The caller's own account or one of its sub-accounts, whatever x-on-behalf-of says; null for any other id. " +
      'Its lists (payouts, balances, …) are read as that account, with the same rules x-on-behalf-of applies',
  })
  async account(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<Account | null> {
    const scope = await scopedContext(gctx, id);
    if (!scope) return null;
    return inScope(await query(scope, (ctx) => getAccount(ctx, id), toGraphQLAccount), scope);
  }

  @FieldResolver(() => PayoutConnection, { nullable: true, description: `The account's payouts, newest first, ${SCOPED}` })
  payouts(@Root() account: Account, @Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs, @Arg('filter', () => PayoutFilter, { nullable: true }) filter?: PayoutFilter) {
    return scopedList(gctx, account, page, payoutList, () => toGraphQLPayout, filter);
  }

  @FieldResolver(() => BalanceConnection, { nullable: true, description: `The account's wallet balances, one per currency, ${SCOPED}` })
  balances(@Root() account: Account, @Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs) {
    return scopedList(gctx, account, page, balanceList, () => toGraphQLBalance);
  }

  @FieldResolver(() => DepositConnection, { nullable: true, description: `The account's deposits, newest first, ${SCOPED}` })
  deposits(@Root() account: Account, @Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs, @Arg('filter', () => DepositFilter, { nullable: true }) filter?: DepositFilter) {
    return scopedList(gctx, account, page, depositList, () => toGraphQLDeposit, filter);
  }

  @FieldResolver(() => BeneficiaryConnection, { nullable: true, description: `The account's beneficiaries, newest first, ${SCOPED}` })
  beneficiaries(
    @Root() account: Account,
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => BeneficiaryFilterInput, { nullable: true }) filter?: BeneficiaryFilterInput,
  ) {
    return scopedList(gctx, account, page, beneficiaryList, () => toGraphQLBeneficiary, filter);
  }

  @FieldResolver(() => TransferConnection, { nullable: true, description: `Transfers the account made or is a party to, newest first, ${SCOPED}` })
  transfers(@Root() account: Account, @Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs, @Arg('filter', () => TransferFilter, { nullable: true }) filter?: TransferFilter) {
    return scopedList(gctx, account, page, transferList, () => toGraphQLTransfer, filter);
  }

  @FieldResolver(() => CardConnection, { nullable: true, description: `The account's cards, newest first, ${SCOPED}` })
  cards(@Root() account: Account, @Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs, @Arg('filter', () => CardFilter, { nullable: true }) filter?: CardFilter) {
    return scopedList(gctx, account, page, cardList, () => toGraphQLCard, filter);
  }

  @FieldResolver(() => CardholderConnection, { nullable: true, description: `The account's cardholders, newest first, ${SCOPED}` })
  cardholders(
    @Root() account: Account,
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => CardholderFilter, { nullable: true }) filter?: CardholderFilter,
  ) {
    return scopedList(gctx, account, page, cardholderList, (scope) => toGraphQLCardholder(scope.origin), filter);
  }

  @FieldResolver(() => EventConnection, { nullable: true, description: `The account's events, newest first in commit order, ${SCOPED}` })
  events(@Root() account: Account, @Ctx() gctx: GraphQLContext, @Args(() => ConnectionArgs) page: ConnectionArgs, @Arg('filter', () => EventFilter, { nullable: true }) filter?: EventFilter) {
    return scopedList(gctx, account, page, eventList, (scope) => (e) => toGraphQLEvent(e, scope.renderEventData), filter);
  }
}

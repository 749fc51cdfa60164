import { CurrencyCodeScalar } from '../../shared/scalars';
import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { findVirtualAccount, virtualAccountList } from '../../../domain/wallet/virtual-accounts/queries';
import { closeVirtualAccount, openVirtualAccount } from '../../../domain/wallet/virtual-accounts/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import {
  CloseVirtualAccountInput,
  OpenVirtualAccountInput,
  toGraphQLVirtualAccount,
  VirtualAccount,
  VirtualAccountConnection,
  VirtualAccountFilter,
} from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { virtualAccountErrors } from '../../../domain/wallet/virtual-accounts/errors';
import { applicationErrors } from '../../../domain/onboarding/virtual-account-applications/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const VirtualAccountsUserError = areaUserError('VirtualAccounts', [virtualAccountErrors, applicationErrors, testClockErrors]);
const OpenVirtualAccountPayload = payloadType('OpenVirtualAccountPayload', 'virtualAccount', () => VirtualAccount, VirtualAccountsUserError);
const CloseVirtualAccountPayload = payloadType('CloseVirtualAccountPayload', 'virtualAccount', () => VirtualAccount, VirtualAccountsUserError);

/** BT14, BT15 over GraphQL, plus closing: the same domain services as the REST routes. */
@Resolver()
export class VirtualAccountResolver {
  @Mutation(() => OpenVirtualAccountPayload, { description: 'Opens a virtual account for the acting account; it is PENDING until the bank opens it' })
  openVirtualAccount(
    @Arg('input', () => OpenVirtualAccountInput) input: OpenVirtualAccountInput,
    @Ctx() gctx: GraphQLContext,
  ) {
    return mutation(gctx, { field: 'openVirtualAccount', payload: OpenVirtualAccountPayload, family: 'account_center', input: commandInput(input) }, openVirtualAccount, toGraphQLVirtualAccount);
  }

  @Mutation(() => CloseVirtualAccountPayload, { description: "Closes one of the acting account's virtual accounts (payrail's extension)" })
  closeVirtualAccount(
    @Arg('input', () => CloseVirtualAccountInput) input: CloseVirtualAccountInput,
    @Ctx() gctx: GraphQLContext,
  ) {
    return mutation(gctx, { field: 'closeVirtualAccount', payload: CloseVirtualAccountPayload, family: 'account_center', input: commandInput(input) }, closeVirtualAccount, toGraphQLVirtualAccount);
  }

  @Query(() => VirtualAccount, { nullable: true, description: "One of the acting account's virtual accounts; null for an id it does not have" })
  virtualAccount(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<VirtualAccount | null> {
    return query(gctx, (ctx) => findVirtualAccount(ctx, id), (v) => v && toGraphQLVirtualAccount(v));
  }

  @Query(() => VirtualAccountConnection, { description: "The acting account's virtual accounts, in the order they were opened" })
  virtualAccounts(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => VirtualAccountFilter, { nullable: true }) filter?: VirtualAccountFilter,
    @Arg('currency', () => CurrencyCodeScalar, { nullable: true, deprecationReason: 'Use filter: { currency }' }) currency?: string,
  ) {
    return connection(gctx, page, virtualAccountList, toGraphQLVirtualAccount, commandInput({ currency: filter?.currency ?? currency }));
  }
}

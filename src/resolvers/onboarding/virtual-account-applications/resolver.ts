import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { applicationList, getApplication } from '../../../domain/onboarding/virtual-account-applications/queries';
import { applyForVirtualAccounts } from '../../../domain/onboarding/virtual-account-applications/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import {
  ApplyForVirtualAccountsInput,
  toGraphQLVirtualAccountApplication,
  VirtualAccountApplication,
  VirtualAccountApplicationConnection,
  VirtualAccountApplicationFilter,
} from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { applicationErrors } from '../../../domain/onboarding/virtual-account-applications/errors';
import { virtualAccountErrors } from '../../../domain/wallet/virtual-accounts/errors';
import { testClockErrors } from '../../../platform/clock/errors';

const VirtualAccountApplicationsUserError = areaUserError('VirtualAccountApplications', [applicationErrors, virtualAccountErrors, testClockErrors]);
const ApplyForVirtualAccountsPayload = payloadType('ApplyForVirtualAccountsPayload', 'virtualAccountApplication', () => VirtualAccountApplication, VirtualAccountApplicationsUserError);

/** Virtual account applications over GraphQL: the same domain services as the REST routes. */
@Resolver()
export class VirtualAccountApplicationResolver {
  @Mutation(() => ApplyForVirtualAccountsPayload, {
    description: 'Applies for virtual accounts in a country and currency; the bank opens them (SUBMITTED until it has)',
  })
  applyForVirtualAccounts(
    @Arg('input', () => ApplyForVirtualAccountsInput) input: ApplyForVirtualAccountsInput,
    @Ctx() gctx: GraphQLContext,
  ) {
    return mutation(
      gctx,
      { field: 'applyForVirtualAccounts', payload: ApplyForVirtualAccountsPayload, family: 'account_center', input: commandInput(input) },
      applyForVirtualAccounts,
      toGraphQLVirtualAccountApplication,
    );
  }

  @Query(() => VirtualAccountApplicationConnection, { description: "The acting account's virtual account applications, newest first" })
  virtualAccountApplications(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
    @Arg('filter', () => VirtualAccountApplicationFilter, { nullable: true }) filter?: VirtualAccountApplicationFilter,
  ) {
    return connection(gctx, page, applicationList, toGraphQLVirtualAccountApplication, commandInput(filter));
  }

  @Query(() => VirtualAccountApplication, { nullable: true, description: 'One of the acting account\'s; null for an unknown or another account\'s id' })
  virtualAccountApplication(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<VirtualAccountApplication | null> {
    return lookup(gctx, (ctx) => getApplication(ctx, id), toGraphQLVirtualAccountApplication);
  }
}

import { CountryCodeScalar } from '../../shared/scalars';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { GraphQLJSONObject } from 'graphql-scalars';
import { createAccount } from '../../../domain/onboarding/accounts/onboarding';
import { connectedAccountList, getAccount, subAccountList } from '../../../domain/onboarding/accounts/queries';
import { resubmitAccountDocuments } from '../../../domain/onboarding/accounts/resubmission';
import { createConnectedAccount } from '../../../domain/onboarding/accounts/service';
import { createSubAccountFromApplication } from '../../../domain/onboarding/accounts/sub-accounts';
import { additionalDocuments } from '../../../domain/onboarding/accounts/additional-documents';
import { invalidField } from '../../../platform/validation/validate';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query } from '../../shared/operations';
import { commandInput, jsonCommandInput } from '../../shared/command-input';
import { BusinessTypeEnum, EntityTypeEnum } from './enums';
import { Account, AccountConnection, AdditionalDocument, CreateSubAccountInput, toGraphQLAccount, toGraphQLAdditionalDocument } from './types';
import { objectOf } from '../../shared/node';
import { accountNode } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { accountErrors } from '../../../domain/onboarding/accounts/errors';
import { fileErrors } from '../../../domain/onboarding/files/errors';

const onlyOneForm = () => invalidField('application', 'give either input or application, not both or neither');

const AccountsUserError = areaUserError('Accounts', [accountErrors, fileErrors]);
const CreateAccountPayload = payloadType('CreateAccountPayload', 'account', () => Account, AccountsUserError);
const ResubmitAccountDocumentsPayload = payloadType('ResubmitAccountDocumentsPayload', 'account', () => Account, AccountsUserError);
const CreateSubAccountPayload = payloadType('CreateSubAccountPayload', 'account', () => Account, AccountsUserError);

@Resolver(() => Account)
export class AccountResolver {
  @Query(() => Account, { description: 'The acting account: the caller, or the sub-account named by x-on-behalf-of' })
  viewer(@Ctx() gctx: GraphQLContext): Promise<Account> {
    return query(gctx, (ctx) => getAccount(ctx, ctx.acting.id), toGraphQLAccount);
  }

  @Query(() => AccountConnection, { description: 'AF3: the connected accounts of the acting account, oldest first (each with verificationStatus)' })
  accounts(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ) {
    return connection(gctx, page, connectedAccountList, toGraphQLAccount);
  }

  @FieldResolver(() => Account, { nullable: true, description: 'The master account of a sub-account (batched per request)' })
  async parent(@Root() account: Account, @Ctx() gctx: GraphQLContext): Promise<Account | null> {
    return objectOf(gctx.loaders, accountNode, account.parentId);
  }

  @FieldResolver(() => AccountConnection, { description: 'Connected sub-accounts, oldest first' })
  subAccounts(
    @Root() account: Account,
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ) {
    return connection(gctx, page, subAccountList(account.id), toGraphQLAccount);
  }

  @Mutation(() => CreateAccountPayload, {
    description:
      'AF1: creates an onboarded account (INDIVIDUAL or COMPANY) under the calling master, PENDING verification. ' +
      'The input is the REST body of POST /v1/accounts with camelCase member names (firstNameEnglish, frontFileId...).',
  })
  createAccount(@Arg('input', () => GraphQLJSONObject) input: Record<string, unknown>, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'createAccount', payload: CreateAccountPayload, family: 'account_center', input: jsonCommandInput(input) }, createAccount, toGraphQLAccount);
  }

  @Mutation(() => ResubmitAccountDocumentsPayload, {
    description:
      'An account whose verification is RETURN sends its documents again (the body of POST /v1/accounts/{id}/documents, camelCase: ' +
      '{documents: [{type, front, frontFileId, ...}]}); it goes back to PENDING. The account itself or its master.',
  })
  resubmitAccountDocuments(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('input', () => GraphQLJSONObject) input: Record<string, unknown>,
    @Ctx() gctx: GraphQLContext,
  ) {
    return mutation(
      gctx,
      { field: 'resubmitAccountDocuments', payload: ResubmitAccountDocumentsPayload, family: 'account_center', input: jsonCommandInput(input), target: accountId },
      (ctx, body) => resubmitAccountDocuments(ctx, accountId, body),
      toGraphQLAccount,
    );
  }

  @Mutation(() => CreateSubAccountPayload, {
    description:
      'Creates a connected sub-account under the calling master, PENDING verification. Give either `input` (name, entity type, ' +
      'products) or `application`: the full body of POST /v1/accounts/create_accounts (AF2) in camelCase, through the same service.',
  })
  createSubAccount(
    @Ctx() gctx: GraphQLContext,
    @Arg('input', () => CreateSubAccountInput, { nullable: true }) input?: CreateSubAccountInput,
    @Arg('application', () => GraphQLJSONObject, { nullable: true }) application?: Record<string, unknown>,
  ) {
    // Exactly one form: the short one, or the onboarding form (which carries its own name).
    if ((input == null) === (application == null)) {
      return mutation(gctx, { field: 'createSubAccount', payload: CreateSubAccountPayload, family: 'account_center', input: commandInput({}), argument: null }, () => Promise.reject(onlyOneForm()), toGraphQLAccount);
    }
    if (application != null) {
      return mutation(gctx, { field: 'createSubAccount', payload: CreateSubAccountPayload, family: 'account_center', input: jsonCommandInput(application), argument: 'application' }, createSubAccountFromApplication, toGraphQLAccount);
    }
    return mutation(gctx, { field: 'createSubAccount', payload: CreateSubAccountPayload, family: 'account_center', input: commandInput(input!) }, createConnectedAccount, toGraphQLAccount);
  }

  @Query(() => [AdditionalDocument], { description: 'AF5: the additional documents an account provides, by country, product and entity type (default COMPANY)' })
  accountAdditionalRequirements(
    @Ctx() gctx: GraphQLContext,
    @Arg('country', () => CountryCodeScalar) country: string,
    @Arg('businessCode', () => BusinessTypeEnum) businessCode: string,
    @Arg('entityType', () => EntityTypeEnum, { nullable: true }) entityType?: string,
  ): Promise<AdditionalDocument[]> {
    return query(gctx, async (_ctx, q) => additionalDocuments(q), (docs) => docs.map(toGraphQLAdditionalDocument), commandInput({ country, businessCode, entityType }));
  }
}

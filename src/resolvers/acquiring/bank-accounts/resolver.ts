import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { bankAccountList, getBankAccount } from '../../../domain/acquiring/bank-accounts/queries';
import { createBankAccount, updateBankAccount } from '../../../domain/acquiring/bank-accounts/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { BankAccount, BankAccountConnection, CreateBankAccountInput, toGraphQLBankAccount, UpdateBankAccountInput } from './types';
import { areaUserError, payloadType } from '../../shared/user-errors';
import { bankAccountErrors } from '../../../domain/acquiring/bank-accounts/errors';

const BankAccountsUserError = areaUserError('BankAccounts', [bankAccountErrors]);
const CreateBankAccountPayload = payloadType('CreateBankAccountPayload', 'bankAccount', () => BankAccount, BankAccountsUserError);
const UpdateBankAccountPayload = payloadType('UpdateBankAccountPayload', 'bankAccount', () => BankAccount, BankAccountsUserError);

/** BA1-BA4 over GraphQL: the same domain services as the REST routes. */
@Resolver(() => BankAccount)
export class BankAccountsResolver {
  @Query(() => BankAccountConnection, { description: 'Settlement bank accounts of the acting account, newest first' })
  bankAccounts(
    @Ctx() gctx: GraphQLContext,
    @Args(() => ConnectionArgs) page: ConnectionArgs,
  ) {
    return connection(gctx, page, bankAccountList, toGraphQLBankAccount);
  }

  @Query(() => BankAccount, { nullable: true, description: 'One settlement bank account of the acting account' })
  bankAccount(@Ctx() gctx: GraphQLContext, @Arg('id', () => ID) id: string): Promise<BankAccount | null> {
    return lookup(gctx, (ctx) => getBankAccount(ctx, id), toGraphQLBankAccount);
  }

  @Mutation(() => CreateBankAccountPayload, { description: 'Registers a settlement bank account (spec 4.3)' })
  createBankAccount(@Arg('input', () => CreateBankAccountInput) input: CreateBankAccountInput, @Ctx() gctx: GraphQLContext) {
    return mutation(gctx, { field: 'createBankAccount', payload: CreateBankAccountPayload, family: 'account_center', input: commandInput(input) }, createBankAccount, toGraphQLBankAccount);
  }

  @Mutation(() => UpdateBankAccountPayload, { description: 'Changes a settlement bank account under the rules of spec 4.3 (BA4)' })
  updateBankAccount(@Arg('input', () => UpdateBankAccountInput) input: UpdateBankAccountInput, @Ctx() gctx: GraphQLContext) {
    const { id, ...fields } = input;
    return mutation(
      gctx,
      { field: 'updateBankAccount', payload: UpdateBankAccountPayload, family: 'account_center', input: commandInput(fields), target: id },
      (ctx, command) => updateBankAccount(ctx, id, command),
      toGraphQLBankAccount,
    );
  }
}

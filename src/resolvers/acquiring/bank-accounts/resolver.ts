import { Arg, Ctx, ID, Mutation, Query, Resolver, Args } from 'type-graphql';
import { ConnectionArgs } from '../../shared/connection';
import { bankAccountList, getBankAccount } from '../../../domain/acquiring/bank-accounts/queries';
import { createBankAccount, updateBankAccount } from '../../../domain/acquiring/bank-accounts/service';
import type { GraphQLContext } from '../../context';
import { connection, mutation, query, lookup } from '../../shared/operations';
import { commandInput } from '../../shared/command-input';
import { BankAccount, BankAccountConnection, CreateBankAccountInput, toGraphQLBankAccount, UpdateBankAccountInput } from './types';

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

  @Mutation(() => BankAccount, { description: 'Registers a settlement bank account (spec 4.3)' })
  createBankAccount(@Arg('input', () => CreateBankAccountInput) input: CreateBankAccountInput, @Ctx() gctx: GraphQLContext): Promise<BankAccount> {
    return mutation(gctx, { field: 'createBankAccount', family: 'account_center', input: commandInput(input) }, createBankAccount, toGraphQLBankAccount);
  }

  @Mutation(() => BankAccount, { description: 'Changes a settlement bank account under the rules of spec 4.3 (BA4)' })
  updateBankAccount(@Arg('input', () => UpdateBankAccountInput) input: UpdateBankAccountInput, @Ctx() gctx: GraphQLContext): Promise<BankAccount> {
    const { id, ...fields } = input;
    return mutation(
      gctx,
      { field: 'updateBankAccount', family: 'account_center', input: commandInput(fields), target: id },
      (ctx, command) => updateBankAccount(ctx, id, command),
      toGraphQLBankAccount,
    );
  }
}

import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../../context';
import { objectOf } from '../../shared/node';
import { BankAccount, bankAccountNode } from '../../acquiring/bank-accounts/types';
import { Account, accountNode } from '../../onboarding/accounts/types';
import { PaymentPayout } from './types';

/**
 * Each foreign key of this area's objects keeps its id field and gains the object beside it
 * (docs/graphql.md, "Ids and objects"): a page of N rows reads each kind of object once.
 */

/** The objects beside PaymentPayout's foreign keys, each read through its kind's per-request loader. */
@Resolver(() => PaymentPayout)
export class PaymentPayoutObjectFields {
  @FieldResolver(() => BankAccount, { nullable: true, description: 'The bank account paid out to (null for a payout to a wallet) (bankAccountId; batched per request, null when not visible to the caller)' })
  bankAccount(@Root() parent: PaymentPayout, @Ctx() gctx: GraphQLContext): Promise<BankAccount | null> {
    return objectOf(gctx.loaders, bankAccountNode, parent.bankAccountId);
  }

  @FieldResolver(() => Account, { nullable: true, description: 'The account whose wallet is paid (null for a payout to a bank account) (payoutAccountId; batched per request, null when not visible to the caller)' })
  payoutAccount(@Root() parent: PaymentPayout, @Ctx() gctx: GraphQLContext): Promise<Account | null> {
    return objectOf(gctx.loaders, accountNode, parent.payoutAccountId);
  }
}

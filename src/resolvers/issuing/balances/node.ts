import { Ctx, FieldResolver, ID, Resolver, Root } from 'type-graphql';
import { getIssuingBalance } from '../../../domain/issuing/balances/queries';
import type { GraphQLContext } from '../../context';
import { derivedId, derivedIdParts, derivedNode, oneByOne } from '../../shared/node';
import { IssuingBalance, toGraphQLIssuingBalance } from './types';

/**
 * A balance has no row id of its own (it is read from ledger accounts, and one never used has none):
 * its id is formed from the account and the currency, in one currency: `IssuingBalance:<account id>:<currency>`.
 */
const CURRENCY = /^[A-Z]{3}$/;

function currencyOf(accountId: string, id: string): string | null {
  const parts = derivedIdParts('IssuingBalance', id, 2);
  return parts && parts[0] === accountId && CURRENCY.test(parts[1]!) ? parts[1]! : null;
}

/** IssuingBalance as a node: node(id) reads it as the lookup by currency does. */
export const issuingBalanceNode = derivedNode({
  kind: 'issuing_balance',
  type: IssuingBalance,
  owns: (ctx, id) => currencyOf(ctx.acting.id, id) !== null,
  find: (ctx, ids) => oneByOne(ids, (id) => {
    const currency = currencyOf(ctx.acting.id, id);
    return currency === null ? Promise.resolve(null) : getIssuingBalance(ctx, { currency });
  }),
  map: toGraphQLIssuingBalance,
});

@Resolver(() => IssuingBalance)
export class IssuingBalanceId {
  @FieldResolver(() => ID, { description: 'Formed from the account and the currency (IssuingBalance:<account id>:<currency>): node(id) finds the balance again' })
  async id(@Root() balance: IssuingBalance, @Ctx() gctx: GraphQLContext): Promise<string> {
    return derivedId('IssuingBalance', (await gctx.auth()).acting.id, balance.currency);
  }
}

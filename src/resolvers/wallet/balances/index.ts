import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { BalanceId, balanceNode } from './node';
import { BalancesResolver } from './resolver';

import { BalanceTransaction } from './types';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const BalanceTransactionMoney = moneyFields(BalanceTransaction, {
  money: { amount: 'amount', currency: 'currency', description: 'The amount with its currency' },
});

/** The balances area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ nodes: [balanceNode], resolvers: [BalanceTransactionMoney, BalanceId, BalancesResolver] });

import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { IssuingBalanceId, issuingBalanceNode } from './node';
import { IssuingBalancesResolver } from './resolver';

import { IssuingBalanceTransaction } from './types';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const IssuingBalanceTransactionMoney = moneyFields(IssuingBalanceTransaction, {
  money: { amount: 'amount', currency: 'currency', description: 'The amount with its currency' },
});

/** The balances area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ nodes: [issuingBalanceNode], resolvers: [IssuingBalanceTransactionMoney, IssuingBalanceId, IssuingBalancesResolver] });

import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { RefundsResolver } from './resolver';
import { Refund, toGraphQLRefund, refundNode } from './types';
import { RefundObjectFields } from './fields';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const RefundMoney = moneyFields(Refund, {
  money: { amount: 'amount', currency: 'currency', description: 'The amount refunded, with its currency' },
});

/** The refunds area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [refundNode], resolvers: [RefundMoney, RefundsResolver, RefundObjectFields], objects: { refund: { type: Refund, map: toGraphQLRefund } } });

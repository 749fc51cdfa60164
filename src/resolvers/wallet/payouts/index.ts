import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { PayoutsResolver } from './resolver';
import { Payout, toGraphQLPayout, payoutNode } from './types';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const PayoutMoney = moneyFields(Payout, {
  sourceMoney: { amount: 'sourceAmount', currency: 'sourceCurrency', description: 'What the payer sends, in sourceCurrency' },
  payoutMoney: { amount: 'payoutAmount', currency: 'payoutCurrency', description: 'What the beneficiary receives, in payoutCurrency' },
  feeMoney: { amount: 'feeAmount', currency: 'feeCurrency', description: 'The fee, in feeCurrency' },
});

/** The payouts area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [payoutNode], resolvers: [PayoutMoney, PayoutsResolver], objects: { payout: { type: Payout, map: toGraphQLPayout } } });

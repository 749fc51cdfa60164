import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { PaymentPayoutsResolver } from './resolver';
import { PaymentPayout, toGraphQLPaymentPayout, paymentPayoutNode } from './types';
import { PaymentPayoutObjectFields } from './fields';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const PaymentPayoutMoney = moneyFields(PaymentPayout, {
  money: { amount: 'amount', currency: 'currency', description: 'The amount paid out, with its currency' },
});

/** The payouts area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [paymentPayoutNode], resolvers: [PaymentPayoutMoney, PaymentPayoutsResolver, PaymentPayoutObjectFields], objects: { payment_payout: { type: PaymentPayout, map: toGraphQLPaymentPayout } } });

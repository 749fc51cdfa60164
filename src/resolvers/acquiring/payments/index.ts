import { graphqlArea, EVENT_ORIGIN } from '../../area';
import { moneyFields } from '../../shared/money';
import { PaymentIntentsResolver } from './resolver';
import { PaymentIntent, toGraphQLPaymentIntent, paymentIntentNode, paymentAttemptNode, PaymentAttempt } from './types';
import { PaymentAttemptObjectFields } from './fields';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const PaymentAttemptMoney = moneyFields(PaymentAttempt, {
  money: { amount: 'amount', currency: 'currency', description: 'The attempt\'s amount with its currency' },
});
const PaymentIntentMoney = moneyFields(PaymentIntent, {
  money: { amount: 'amount', currency: 'currency', description: 'The intent\'s amount with its currency' },
});

/** The payments area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [paymentIntentNode, paymentAttemptNode], resolvers: [PaymentAttemptMoney, PaymentIntentMoney, PaymentIntentsResolver, PaymentAttemptObjectFields], objects: { payment_intent: { type: PaymentIntent, map: toGraphQLPaymentIntent(EVENT_ORIGIN) } } });

import { graphqlArea } from '../../area';
import { PaymentPayoutsResolver } from './resolver';
import { PaymentPayout, toGraphQLPaymentPayout, paymentPayoutNode } from './types';
import { PaymentPayoutObjectFields } from './fields';

/** The payouts area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [paymentPayoutNode], resolvers: [PaymentPayoutsResolver, PaymentPayoutObjectFields], objects: { payment_payout: { type: PaymentPayout, map: toGraphQLPaymentPayout } } });

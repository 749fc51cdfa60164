import { graphqlArea } from '../../area';
import { PaymentPayoutsResolver } from './resolver';
import { PaymentPayout, toGraphQLPaymentPayout } from './types';

/** The payouts area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [PaymentPayoutsResolver], objects: { payment_payout: { type: PaymentPayout, map: toGraphQLPaymentPayout } } });

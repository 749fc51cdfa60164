import { graphqlArea, EVENT_ORIGIN } from '../../area';
import { PaymentIntentsResolver } from './resolver';
import { PaymentIntent, toGraphQLPaymentIntent } from './types';

/** The payments area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [PaymentIntentsResolver], objects: { payment_intent: { type: PaymentIntent, map: toGraphQLPaymentIntent(EVENT_ORIGIN) } } });

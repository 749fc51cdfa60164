import { graphqlArea, EVENT_ORIGIN } from '../../area';
import { PaymentIntentsResolver } from './resolver';
import { PaymentIntent, toGraphQLPaymentIntent, paymentIntentNode, paymentAttemptNode } from './types';
import { PaymentAttemptObjectFields } from './fields';

/** The payments area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [paymentIntentNode, paymentAttemptNode], resolvers: [PaymentIntentsResolver, PaymentAttemptObjectFields], objects: { payment_intent: { type: PaymentIntent, map: toGraphQLPaymentIntent(EVENT_ORIGIN) } } });

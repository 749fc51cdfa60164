import { graphqlArea } from '../../area';
import { RefundsResolver } from './resolver';
import { Refund, toGraphQLRefund, refundNode } from './types';
import { RefundObjectFields } from './fields';

/** The refunds area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [refundNode], resolvers: [RefundsResolver, RefundObjectFields], objects: { refund: { type: Refund, map: toGraphQLRefund } } });

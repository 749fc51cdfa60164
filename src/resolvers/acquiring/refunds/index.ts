import { graphqlArea } from '../../area';
import { RefundsResolver } from './resolver';
import { Refund, toGraphQLRefund } from './types';

/** The refunds area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [RefundsResolver], objects: { refund: { type: Refund, map: toGraphQLRefund } } });

import { graphqlArea } from '../../area';
import { PayoutsResolver } from './resolver';
import { Payout, toGraphQLPayout, payoutNode } from './types';

/** The payouts area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [payoutNode], resolvers: [PayoutsResolver], objects: { payout: { type: Payout, map: toGraphQLPayout } } });

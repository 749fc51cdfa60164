import { graphqlArea } from '../../area';
import { AuthDecisionConfigId, authDecisionConfigNode } from './node';
import { AuthDecisionsResolver } from './resolver';

/** The auth-decisions area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ nodes: [authDecisionConfigNode], resolvers: [AuthDecisionConfigId, AuthDecisionsResolver] });

import { graphqlArea } from '../../area';
import { AuthDecisionsResolver } from './resolver';

/** The auth-decisions area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ resolvers: [AuthDecisionsResolver] });

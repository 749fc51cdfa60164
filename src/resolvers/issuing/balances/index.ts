import { graphqlArea } from '../../area';
import { IssuingBalancesResolver } from './resolver';

/** The balances area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ resolvers: [IssuingBalancesResolver] });

import { graphqlArea } from '../../area';
import { BalancesResolver } from './resolver';

/** The balances area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ resolvers: [BalancesResolver] });

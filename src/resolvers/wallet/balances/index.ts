import { graphqlArea } from '../../area';
import { BalanceId, balanceNode } from './node';
import { BalancesResolver } from './resolver';

/** The balances area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ nodes: [balanceNode], resolvers: [BalanceId, BalancesResolver] });

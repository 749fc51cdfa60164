import { graphqlArea } from '../../area';
import { IssuingBalanceId, issuingBalanceNode } from './node';
import { IssuingBalancesResolver } from './resolver';

/** The balances area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ nodes: [issuingBalanceNode], resolvers: [IssuingBalanceId, IssuingBalancesResolver] });

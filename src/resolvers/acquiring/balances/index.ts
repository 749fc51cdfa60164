import { graphqlArea } from '../../area';
import { PaymentBalancesResolver } from './resolver';

/** The balances area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ resolvers: [PaymentBalancesResolver] });

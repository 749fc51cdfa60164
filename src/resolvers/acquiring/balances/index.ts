import { graphqlArea } from '../../area';
import { PaymentBalanceId, paymentBalanceNode } from './node';
import { PaymentBalancesResolver } from './resolver';

/** The balances area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ nodes: [paymentBalanceNode], resolvers: [PaymentBalanceId, PaymentBalancesResolver] });

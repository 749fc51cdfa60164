import { graphqlArea } from '../../area';
import { CardTransactionsResolver } from './resolver';
import { CardTransaction, toGraphQLCardTransaction, cardTransactionNode } from './types';
import { CardTransactionObjectFields } from './fields';

/** The transactions area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [cardTransactionNode], resolvers: [CardTransactionsResolver, CardTransactionObjectFields], objects: { card_transaction: { type: CardTransaction, map: toGraphQLCardTransaction } } });

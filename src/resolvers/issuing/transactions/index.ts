import { graphqlArea } from '../../area';
import { CardTransactionsResolver } from './resolver';
import { CardTransaction, toGraphQLCardTransaction } from './types';

/** The transactions area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [CardTransactionsResolver], objects: { card_transaction: { type: CardTransaction, map: toGraphQLCardTransaction } } });

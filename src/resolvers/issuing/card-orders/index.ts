import { graphqlArea } from '../../area';
import { CardOrdersResolver } from './resolver';
import { CardOrderListResolver } from './list';
import { CardOrder, toGraphQLCardOrder } from './types';

/** The card-orders area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [CardOrdersResolver, CardOrderListResolver], objects: { card_order: { type: CardOrder, map: toGraphQLCardOrder } } });

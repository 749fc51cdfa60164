import { graphqlArea } from '../../area';
import { CardOrdersResolver } from './resolver';
import { CardOrderListResolver } from './list';
import { CardOrder, toGraphQLCardOrder, cardOrderNode } from './types';
import { CardOrderObjectFields } from './fields';

/** The card-orders area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [cardOrderNode], resolvers: [CardOrdersResolver, CardOrderObjectFields, CardOrderListResolver], objects: { card_order: { type: CardOrder, map: toGraphQLCardOrder } } });

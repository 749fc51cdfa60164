import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { CardOrdersResolver } from './resolver';
import { CardOrderListResolver } from './list';
import { CardOrder, toGraphQLCardOrder, cardOrderNode } from './types';
import { CardOrderObjectFields } from './fields';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const CardOrderMoney = moneyFields(CardOrder, {
  money: { amount: 'amount', currency: 'cardCurrency', description: 'The order\'s amount in the card\'s currency' },
});

/** The card-orders area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [cardOrderNode], resolvers: [CardOrderMoney, CardOrdersResolver, CardOrderObjectFields, CardOrderListResolver], objects: { card_order: { type: CardOrder, map: toGraphQLCardOrder } } });

import { graphqlArea } from '../../area';
import { moneyFields } from '../../shared/money';
import { CardsResolver } from './resolver';
import { CardNetworkProtection, toGraphQLNetworkProtection } from './network-protection-types';
import { Card, toGraphQLCard, cardNode } from './types';
import { CardObjectFields, CardNetworkProtectionObjectFields } from './fields';

/** Money beside each amount and its currency (docs/graphql.md "Money"). */
const CardMoney = moneyFields(Card, {
  cardLimitMoney: { amount: 'cardLimit', currency: 'cardCurrency', description: 'The card\'s limit in the card\'s currency' },
  availableBalanceMoney: { amount: 'availableBalance', currency: 'cardCurrency', description: 'What the card has left to spend, in the card\'s currency' },
});

/** The cards area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [cardNode], resolvers: [CardMoney, CardsResolver, CardObjectFields, CardNetworkProtectionObjectFields], objects: { card: { type: Card, map: toGraphQLCard }, card_network_protection: { type: CardNetworkProtection, map: toGraphQLNetworkProtection } } });

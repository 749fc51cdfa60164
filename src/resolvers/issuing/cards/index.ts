import { graphqlArea } from '../../area';
import { CardsResolver } from './resolver';
import { CardNetworkProtection, toGraphQLNetworkProtection } from './network-protection-types';
import { Card, toGraphQLCard, cardNode } from './types';
import { CardObjectFields, CardNetworkProtectionObjectFields } from './fields';

/** The cards area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [cardNode], resolvers: [CardsResolver, CardObjectFields, CardNetworkProtectionObjectFields], objects: { card: { type: Card, map: toGraphQLCard }, card_network_protection: { type: CardNetworkProtection, map: toGraphQLNetworkProtection } } });

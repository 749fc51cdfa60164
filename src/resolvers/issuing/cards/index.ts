import { graphqlArea } from '../../area';
import { CardsResolver } from './resolver';
import { CardNetworkProtection, toGraphQLNetworkProtection } from './network-protection-types';
import { Card, toGraphQLCard } from './types';

/** The cards area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [CardsResolver], objects: { card: { type: Card, map: toGraphQLCard }, card_network_protection: { type: CardNetworkProtection, map: toGraphQLNetworkProtection } } });

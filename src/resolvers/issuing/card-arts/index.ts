import { graphqlArea } from '../../area';
import { CardArtsResolver } from './resolver';
import { DefaultCardArt, toGraphQLDefaultCardArt } from './types';

/** The card-arts area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [CardArtsResolver], objects: { default_card_art: { type: DefaultCardArt, map: toGraphQLDefaultCardArt } } });

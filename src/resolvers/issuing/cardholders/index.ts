import { graphqlArea, EVENT_ORIGIN } from '../../area';
import { CardholdersResolver } from './resolver';
import { Cardholder, toGraphQLCardholder, cardholderNode } from './types';

/** The cardholders area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [cardholderNode], resolvers: [CardholdersResolver], objects: { cardholder: { type: Cardholder, map: toGraphQLCardholder(EVENT_ORIGIN) } } });

import { graphqlArea, EVENT_ORIGIN } from '../../area';
import { CardholdersResolver } from './resolver';
import { Cardholder, toGraphQLCardholder } from './types';

/** The cardholders area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [CardholdersResolver], objects: { cardholder: { type: Cardholder, map: toGraphQLCardholder(EVENT_ORIGIN) } } });

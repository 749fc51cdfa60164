import { graphqlArea, EVENT_ORIGIN } from '../../area';
import { RfisResolver } from './resolver';
import { Rfi, toGraphQLRfi } from './types';
import { RfiObjectFields } from './fields';

/** The rfis area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [RfisResolver, RfiObjectFields], objects: { rfi: { type: Rfi, map: toGraphQLRfi(EVENT_ORIGIN) } } });

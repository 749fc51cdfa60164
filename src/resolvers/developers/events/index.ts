import { graphqlArea } from '../../area';
import { EventsResolver } from './resolver';

/** The events area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ resolvers: [EventsResolver] });

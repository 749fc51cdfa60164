import { graphqlArea } from '../../area';
import { CardSecureResolver } from './resolver';

/** The card-secure area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ resolvers: [CardSecureResolver] });

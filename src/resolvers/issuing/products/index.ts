import { graphqlArea } from '../../area';
import { CardProductsResolver } from './resolver';

/** The products area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ resolvers: [CardProductsResolver] });

import { graphqlArea } from '../../area';
import { ApiKeysResolver } from './resolver';

/** The keys area's GraphQL door: its resolvers (no event is about a key). */
export const graphql = graphqlArea({ resolvers: [ApiKeysResolver] });

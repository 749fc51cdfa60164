import { graphqlArea } from '../../area';
import { FilesResolver } from './resolver';

/** The files area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ resolvers: [FilesResolver] });

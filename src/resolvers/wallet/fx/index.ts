import { graphqlArea } from '../../area';
import { FxResolver } from './resolver';
import { Conversion, toGraphQLConversion, conversionNode } from './types';

/** The fx area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [conversionNode], resolvers: [FxResolver], objects: { conversion: { type: Conversion, map: toGraphQLConversion } } });

import { graphqlArea } from '../../area';
import { TransfersResolver } from './resolver';
import { Transfer, toGraphQLTransfer } from './types';

/** The transfers area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [TransfersResolver], objects: { transfer: { type: Transfer, map: toGraphQLTransfer } } });

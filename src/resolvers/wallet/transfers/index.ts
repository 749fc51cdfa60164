import { graphqlArea } from '../../area';
import { TransfersResolver } from './resolver';
import { Transfer, toGraphQLTransfer, transferNode } from './types';
import { TransferObjectFields } from './fields';

/** The transfers area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [transferNode], resolvers: [TransfersResolver, TransferObjectFields], objects: { transfer: { type: Transfer, map: toGraphQLTransfer } } });

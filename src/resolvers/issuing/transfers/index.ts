import { graphqlArea } from '../../area';
import { IssuingTransfersResolver } from './resolver';
import { IssuingTransferListResolver } from './list';
import { IssuingTransfer, toGraphQLIssuingTransfer, issuingTransferNode } from './types';
import { IssuingTransferObjectFields } from './fields';

/** The transfers area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [issuingTransferNode], resolvers: [IssuingTransfersResolver, IssuingTransferObjectFields, IssuingTransferListResolver], objects: { issuing_transfer: { type: IssuingTransfer, map: toGraphQLIssuingTransfer } } });

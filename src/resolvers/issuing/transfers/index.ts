import { graphqlArea } from '../../area';
import { IssuingTransfersResolver } from './resolver';
import { IssuingTransferListResolver } from './list';
import { IssuingTransfer, toGraphQLIssuingTransfer } from './types';

/** The transfers area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [IssuingTransfersResolver, IssuingTransferListResolver], objects: { issuing_transfer: { type: IssuingTransfer, map: toGraphQLIssuingTransfer } } });

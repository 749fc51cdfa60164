import { graphqlArea } from '../../area';
import { VirtualAccountResolver } from './resolver';
import { VirtualAccount, toGraphQLVirtualAccount, virtualAccountNode } from './types';

/** The virtual-accounts area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [virtualAccountNode], resolvers: [VirtualAccountResolver], objects: { virtual_account: { type: VirtualAccount, map: toGraphQLVirtualAccount } } });

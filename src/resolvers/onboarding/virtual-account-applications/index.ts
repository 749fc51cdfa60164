import { graphqlArea } from '../../area';
import { VirtualAccountApplicationResolver } from './resolver';
import { VirtualAccountApplication, toGraphQLVirtualAccountApplication, applicationNode } from './types';
import { VirtualAccountApplicationObjectFields } from './fields';

/** The virtual-account-applications area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [applicationNode], resolvers: [VirtualAccountApplicationResolver, VirtualAccountApplicationObjectFields], objects: { virtual_account_application: { type: VirtualAccountApplication, map: toGraphQLVirtualAccountApplication } } });

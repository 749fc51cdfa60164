import { graphqlArea } from '../../area';
import { VirtualAccountApplicationResolver } from './resolver';
import { VirtualAccountApplication, toGraphQLVirtualAccountApplication } from './types';

/** The virtual-account-applications area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [VirtualAccountApplicationResolver], objects: { virtual_account_application: { type: VirtualAccountApplication, map: toGraphQLVirtualAccountApplication } } });

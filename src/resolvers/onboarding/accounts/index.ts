import { graphqlArea } from '../../area';
import { AccountResolver } from './resolver';
import { AccountScopeResolver } from './scoped';
import { Account, toGraphQLAccount, accountNode } from './types';

/** The accounts area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [accountNode], resolvers: [AccountResolver, AccountScopeResolver], objects: { account: { type: Account, map: toGraphQLAccount } } });

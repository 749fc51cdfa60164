import { graphqlArea } from '../../area';
import { AccountResolver } from './resolver';
import { Account, toGraphQLAccount } from './types';

/** The accounts area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [AccountResolver], objects: { account: { type: Account, map: toGraphQLAccount } } });

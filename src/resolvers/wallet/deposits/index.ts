import { graphqlArea } from '../../area';
import { DepositsResolver } from './resolver';
import { Deposit, toGraphQLDeposit, depositNode } from './types';

/** The deposits area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [depositNode], resolvers: [DepositsResolver], objects: { deposit: { type: Deposit, map: toGraphQLDeposit } } });

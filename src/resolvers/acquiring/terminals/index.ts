import { graphqlArea } from '../../area';
import { TerminalsResolver } from './resolver';
import { Terminal, toGraphQLTerminal } from './types';

/** The terminals area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [TerminalsResolver], objects: { terminal: { type: Terminal, map: toGraphQLTerminal } } });

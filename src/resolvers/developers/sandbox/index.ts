import { graphqlArea } from '../../area';
import { SimulationResolver } from './resolver';
import { testClockNode } from './types';

/** The sandbox area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ nodes: [testClockNode], resolvers: [SimulationResolver] });

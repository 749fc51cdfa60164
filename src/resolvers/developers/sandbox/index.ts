import { graphqlArea } from '../../area';
import { SimulationResolver } from './resolver';

/** The sandbox area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ resolvers: [SimulationResolver] });

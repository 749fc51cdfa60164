import { graphqlArea } from '../../area';
import { MerchantBrandsResolver } from './resolver';

/** The merchant-brands area's GraphQL door: its resolvers. */
export const graphql = graphqlArea({ resolvers: [MerchantBrandsResolver] });

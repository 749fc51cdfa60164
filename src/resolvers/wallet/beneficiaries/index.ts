import { graphqlArea } from '../../area';
import { BeneficiariesResolver } from './resolver';
import { Beneficiary, toGraphQLBeneficiary, beneficiaryNode } from './types';

/** The beneficiaries area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [beneficiaryNode], resolvers: [BeneficiariesResolver], objects: { beneficiary: { type: Beneficiary, map: toGraphQLBeneficiary } } });

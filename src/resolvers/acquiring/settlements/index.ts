import { graphqlArea } from '../../area';
import { SettlementsResolver } from './resolver';
import { SettlementBatch, toGraphQLSettlementBatch } from './types';
import { SettlementObjectFields } from './fields';

/** The settlements area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [SettlementsResolver, SettlementObjectFields], objects: { settlement_batch: { type: SettlementBatch, map: toGraphQLSettlementBatch } } });

import { graphqlArea } from '../../area';
import { SettlementsResolver } from './resolver';
import { SettlementBatch, toGraphQLSettlementBatch } from './types';

/** The settlements area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ resolvers: [SettlementsResolver], objects: { settlement_batch: { type: SettlementBatch, map: toGraphQLSettlementBatch } } });

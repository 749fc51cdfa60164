import { graphqlArea } from '../../area';
import { IssuingReportsResolver } from './resolver';
import { IssuingReportListResolver } from './list';
import { IssuingReportInfo, toGraphQLIssuingReportInfo, issuingReportNode } from './types';

/** The reports area's GraphQL door: its resolvers and the objects its events are about. */
export const graphql = graphqlArea({ nodes: [issuingReportNode], resolvers: [IssuingReportsResolver, IssuingReportListResolver], objects: { issuing_report: { type: IssuingReportInfo, map: toGraphQLIssuingReportInfo } } });

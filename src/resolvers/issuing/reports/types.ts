import { GraphQLDateTime } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { REPORT_STATUSES, REPORT_TYPES } from '../../../domain/issuing/reports/rules';
import type { IssuingReportFile, IssuingReportView } from '../../../domain/issuing/reports/view';
import { enumFrom } from '../../shared/enums';
import { Node, rowNode } from '../../shared/node';
import { issuingReportsByIds } from '../../../domain/issuing/reports/queries';

export const IssuingReportTypeEnum = enumFrom('IssuingReportType', REPORT_TYPES, 'SETTLEMENT: approved clearings and refunds; TRANSACTION: every card transaction; BALANCE: issuing balance movements');
export const IssuingReportStatusEnum = enumFrom('IssuingReportStatus', REPORT_STATUSES);

@ObjectType({ implements: Node, description: 'An issuing report (CI26, CI27): generated when created; its CSV as text (GraphQL has no binary)' })
export class IssuingReport {
  @Field(() => ID) id!: string;
  @Field(() => IssuingReportTypeEnum) reportType!: string;
  @Field(() => GraphQLDateTime, { description: 'Inclusive' }) startTime!: string;
  @Field(() => GraphQLDateTime, { description: 'Inclusive' }) endTime!: string;
  @Field(() => IssuingReportStatusEnum) status!: string;
  @Field(() => Int, { description: 'Records in the CSV, the header line not counted' }) rowCount!: number;
  @Field(() => String, { description: 'The file name CI27 downloads it under' }) fileName!: string;
  /** Resolved by list.ts's field resolver: absent for a report read by a list, which reads the CSVs only when selected. */
  csv?: string;
  @Field(() => GraphQLDateTime) createdAt!: string;
}

export const toGraphQLIssuingReport = (r: IssuingReportFile): IssuingReport => ({
  id: r.id,
  reportType: r.reportType,
  startTime: r.startTime.toISOString(),
  endTime: r.endTime.toISOString(),
  status: r.status,
  rowCount: r.rowCount,
  fileName: r.fileName,
  csv: r.csv,
  createdAt: r.createdAt.toISOString(),
});

@ObjectType({ description: "An issuing report's metadata, as its event tells it: issuingReport(id) has the CSV" })
export class IssuingReportInfo {
  @Field(() => ID) id!: string;
  @Field(() => IssuingReportTypeEnum) reportType!: string;
  @Field(() => GraphQLDateTime, { description: 'Inclusive' }) startTime!: string;
  @Field(() => GraphQLDateTime, { description: 'Inclusive' }) endTime!: string;
  @Field(() => IssuingReportStatusEnum) status!: string;
  @Field(() => Int, { description: 'Records in the CSV, the header line not counted' }) rowCount!: number;
  @Field(() => String, { description: 'The file name CI27 downloads it under' }) fileName!: string;
  @Field(() => GraphQLDateTime) createdAt!: string;
}

export const toGraphQLIssuingReportInfo = (r: IssuingReportView): IssuingReportInfo => ({
  id: r.id,
  reportType: r.reportType,
  startTime: r.startTime.toISOString(),
  endTime: r.endTime.toISOString(),
  status: r.status,
  rowCount: r.rowCount,
  fileName: r.fileName,
  createdAt: r.createdAt.toISOString(),
});

@InputType({ description: 'CI26: a report over a window of at most 366 days' })
export class CreateIssuingReportInput {
  @Field(() => IssuingReportTypeEnum) reportType!: string;
  @Field(() => String, { description: 'RFC 3339 date-time, or YYYY-MM-DD (the first instant of that UTC day); inclusive' }) startTime!: string;
  @Field(() => String, { description: 'RFC 3339 date-time, or YYYY-MM-DD (the last instant of that UTC day); inclusive' }) endTime!: string;
}

/** IssuingReport as a node: node(id) and the fields beside its foreign keys load it through one per-request loader. */
export const issuingReportNode = rowNode({ kind: 'issuing_report', type: IssuingReport, find: issuingReportsByIds, map: toGraphQLIssuingReport });

import type { IssuingReport } from '../../../generated/prisma/client';
import { reportFileName, type ReportStatus, type ReportType } from './rules';

/** An issuing report's metadata as both doors present it (CI26, GraphQL issuingReport). */
export interface IssuingReportView {
  id: string;
  reportType: ReportType;
  startTime: Date;
  endTime: Date;
  status: ReportStatus;
  rowCount: number;
  fileName: string;
  createdAt: Date;
}

/** The report with its CSV (CI27's download, GraphQL's csv field). */
export interface IssuingReportFile extends IssuingReportView {
  /** UTF-8 CSV text, header line first. */
  csv: string;
}

export const toIssuingReportView = (r: Omit<IssuingReport, 'content'>): IssuingReportView => ({
  id: r.id,
  reportType: r.reportType as ReportType,
  startTime: r.startTime,
  endTime: r.endTime,
  status: r.status as ReportStatus,
  rowCount: r.rowCount,
  fileName: reportFileName(r.reportType, r.startTime, r.endTime),
  createdAt: r.createdAt,
});

export const toIssuingReportFile = (r: IssuingReport): IssuingReportFile => ({ ...toIssuingReportView(r), csv: r.content });

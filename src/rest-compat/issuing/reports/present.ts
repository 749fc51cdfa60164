import type { IssuingReportView } from '../../../domain/issuing/reports/view';

/** issuing_report.create.succeeded's data: the report's metadata, never its CSV. */
export const toRestIssuingReportEvent = (r: IssuingReportView) => ({
  report_id: r.id,
  report_type: r.reportType,
  start_time: r.startTime.toISOString(),
  end_time: r.endTime.toISOString(),
  row_count: r.rowCount,
  file_name: r.fileName,
});

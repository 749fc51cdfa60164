import { addEvent } from '../events/outbox';
import type { WriteSet } from '../writes/write-set';
import type { IssuingReportView } from './view';

/** `issuing_report.create.succeeded`: the report's metadata, never its CSV. */
export const addIssuingReportEvent = (writes: WriteSet, accountId: string, r: IssuingReportView, at: Date) =>
  addEvent(writes, {
    accountId,
    eventName: 'issuing_report.create.succeeded',
    sourceId: r.id,
    data: {
      report_id: r.id,
      report_type: r.reportType,
      start_time: r.startTime.toISOString(),
      end_time: r.endTime.toISOString(),
      row_count: r.rowCount,
      file_name: r.fileName,
    },
    at,
  });

import { addEvent } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
import type { IssuingReportView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

/** The report's metadata, never its CSV. */
export const issuingReportPayload = payloadOf<IssuingReportView>()('issuing_report', { startTime: 'date', endTime: 'date', createdAt: 'date' });

/** The metadata alone: the caller's view may be the whole file (IssuingReportFile), CSV included. */
const metadataOf = (r: IssuingReportView): IssuingReportView => ({
  id: r.id,
  reportType: r.reportType,
  startTime: r.startTime,
  endTime: r.endTime,
  status: r.status,
  rowCount: r.rowCount,
  fileName: r.fileName,
  createdAt: r.createdAt,
});

/** `issuing_report.create.succeeded`. */
export const addIssuingReportEvent = (writes: WriteSet, accountId: string, r: IssuingReportView, at: Date) =>
  addEvent(writes, { accountId, eventName: 'issuing_report.create.succeeded', sourceId: r.id, data: issuingReportPayload.facts(metadataOf(r)), at });

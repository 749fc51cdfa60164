import { defineArea, type TablesOf } from '../../../platform/areas';
import { issuingReportPayload } from './events';
import { statusColumn } from '../../../platform/lifecycle/status-columns';
import { REPORT_STATUSES } from './rules';

/** What the reports area of issuing gives the registry (src/domain/areas.ts): the views its events store, the tables its write sets insert into. */
export const area = defineArea({
  /** The objects GraphQL's node(id) finds by their rows' ids. */
  nodes: [{ kind: 'issuing_report', table: 'issuing_reports' }],
  statusColumns: [statusColumn('issuing_reports', 'status', REPORT_STATUSES)],
  payloads: [issuingReportPayload],
  tables: ['issuing_reports'],
});

declare module '../../../platform/writes/write-set' {
  interface AreaTables extends TablesOf<typeof area> {}
}

import type { IssuingReport } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { newId } from '../../../platform/ids/ids';
import { parseInput } from '../../../platform/validation/validate';
import type { ColumnValue } from '../../../platform/writes/write-set';
import { addIssuingReportEvent } from './events';
import { writeReport } from './rows';
import { createIssuingReportCommand } from './rules';
import { toIssuingReportFile, type IssuingReportFile } from './view';

/**
 * CI26 / GraphQL createIssuingReport: the report is generated now, a snapshot of the window's rows
 * stored with its CSV (docs/decisions/issuing/issuing-reports.md "Issuing reports"), so later downloads give the same file.
 */
export async function createIssuingReport(ctx: RequestContext, raw: unknown): Promise<IssuingReportFile> {
  const input = parseInput(createIssuingReportCommand, raw);
  const { csv, rowCount } = await writeReport(ctx, input.reportType, input.startTime, input.endTime);
  return ctx.commit(async ({ writes }) => {
    const now = ctx.clock.now();
    const row: IssuingReport = {
      id: newId(),
      accountId: ctx.acting.id,
      reportType: input.reportType,
      startTime: input.startTime,
      endTime: input.endTime,
      status: 'COMPLETED',
      rowCount,
      content: csv,
      creatorId: ctx.principal.accountId,
      createdAt: now,
    };
    writes.insert('issuing_reports', row as unknown as Record<string, ColumnValue>);
    const view = toIssuingReportFile(row);
    addIssuingReportEvent(writes, ctx.acting.id, view, now);
    return view;
  });
}

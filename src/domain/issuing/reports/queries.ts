import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { isUuid } from '../../../platform/ids/ids';
import { issuingReportErrors } from './errors';
import { toIssuingReportFile, toIssuingReportView, type IssuingReportFile, type IssuingReportView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

/** CI27 / GraphQL issuingReport(id): one of the acting account's reports, with its CSV. */
export async function getIssuingReport(ctx: RequestContext, id: string): Promise<IssuingReportFile> {
  const row = isUuid(id) ? await ctx.db.prisma.issuingReport.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  if (!row) throw issuingReportErrors.reportNotExists();
  return toIssuingReportFile(row);
}

/** GraphQL's loaders (node): the acting account's issuing reports with these ids. */
export const issuingReportsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, IssuingReportFile>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.issuingReport.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), eachRow(toIssuingReportFile));

/** Every column but the CSV: a page of reports never reads their files. */
const WITHOUT_CONTENT = { id: true, accountId: true, reportType: true, startTime: true, endTime: true, status: true, rowCount: true, creatorId: true, createdAt: true } as const;

/** GraphQL issuingReports: the acting account's reports, newest first, without their CSV (reportCsvs reads it when asked). */
export const issuingReportList = defineList({
  filter: z.object({}),
  order: newestFirst('issuingReports'),
  find(ctx, _filter, page) {
    const where = { accountId: ctx.acting.id };
    return page.slice<Parameters<typeof toIssuingReportView>[0], IssuingReportView>(
      ctx.db.prisma.issuingReport.findMany({ select: WITHOUT_CONTENT, ...page.prisma(where) }),
      ctx.db.prisma.issuingReport.count({ where }),
      toIssuingReportView,
    );
  },
});

/** The CSVs of the acting account's reports among `ids`, by id, in one statement (a list's csv field). */
export async function reportCsvs(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await ctx.db.prisma.issuingReport.findMany({ where: { id: { in: ids.filter(isUuid) }, accountId: ctx.acting.id }, select: { id: true, content: true } });
  return new Map(rows.map((r) => [r.id, r.content]));
}

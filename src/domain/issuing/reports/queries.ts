import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { issuingReportErrors } from './errors';
import { toIssuingReportFile, type IssuingReportFile } from './view';
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

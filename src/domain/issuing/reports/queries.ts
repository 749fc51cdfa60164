import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { issuingReportErrors } from './errors';
import { toIssuingReportFile, type IssuingReportFile } from './view';

/** CI27 / GraphQL issuingReport(id): one of the acting account's reports, with its CSV. */
export async function getIssuingReport(ctx: RequestContext, id: string): Promise<IssuingReportFile> {
  const row = isUuid(id) ? await ctx.db.prisma.issuingReport.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  if (!row) throw issuingReportErrors.reportNotExists();
  return toIssuingReportFile(row);
}

import type { Prisma } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { defineList, type Slice } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { applicationErrors } from './errors';
import { applicationFilter } from './rules';
import { toApplicationView, type VirtualAccountApplicationView } from './view';
import { viewsByIds } from '../../../platform/nodes/by-ids';

const db = (ctx: RequestContext) => ctx.tx ?? ctx.db.prisma;

/** The acting account's application, with the accounts it had issued; anything else is not found. */
export async function getApplication(ctx: RequestContext, id: string): Promise<VirtualAccountApplicationView> {
  const row = isUuid(id) ? await db(ctx).virtualAccountApplication.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  if (!row) throw applicationErrors.notFound();
  const accounts = await db(ctx).virtualAccount.findMany({ where: { applicationId: row.id } });
  return toApplicationView(row, accounts);
}

/** The clients' list of applications: the acting account's, newest first. */
export const applicationList = defineList({
  filter: applicationFilter,
  order: newestFirst('virtualAccountApplications'),
  async find(ctx, filter, page): Promise<Slice<VirtualAccountApplicationView>> {
    const where: Prisma.VirtualAccountApplicationWhereInput = {
      accountId: ctx.acting.id,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.country ? { country: filter.country } : {}),
      ...(filter.currency ? { currency: filter.currency } : {}),
    };
    const [rows, totalCount] = await Promise.all([
      db(ctx).virtualAccountApplication.findMany(page.prisma(where)),
      db(ctx).virtualAccountApplication.count({ where }),
    ]);
    return page.withViews(rows, totalCount, async (shown) => {
      const accounts = shown.length ? await db(ctx).virtualAccount.findMany({ where: { applicationId: { in: shown.map((r) => r.id) } } }) : [];
      return shown.map((row) => toApplicationView(row, accounts.filter((a) => a.applicationId === row.id)));
    });
  },
});

/** GraphQL's loaders (node and object fields): the acting account's applications with these ids, each with its accounts. */
export const applicationsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, VirtualAccountApplicationView>> =>
  viewsByIds(
    ids,
    (valid) => db(ctx).virtualAccountApplication.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }),
    async (rows) => {
      const accounts = rows.length ? await db(ctx).virtualAccount.findMany({ where: { applicationId: { in: rows.map((r) => r.id) } } }) : [];
      return rows.map((r) => toApplicationView(r, accounts.filter((a) => a.applicationId === r.id)));
    },
  );

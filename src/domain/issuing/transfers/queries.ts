import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { isUuid } from '../../../platform/ids/ids';
import { issuingTransferErrors } from './errors';
import { toIssuingTransferView, type IssuingTransferView } from './view';
import { eachRow, viewsByIds } from '../../../platform/nodes/by-ids';

/** CI25 / GraphQL issuingTransfer(id): visible to the account that made it and to both parties. */
export async function getIssuingTransfer(ctx: RequestContext, id: string): Promise<IssuingTransferView> {
  const a = ctx.acting.id;
  const row = isUuid(id)
    ? await ctx.db.prisma.issuingTransfer.findFirst({ where: { id, OR: [{ accountId: a }, { sourceAccountId: a }, { destinationAccountId: a }] } })
    : null;
  if (!row) throw issuingTransferErrors.transferNotExists();
  return toIssuingTransferView(row);
}

/** GraphQL's loaders (node and object fields): the issuing transfers with these ids the acting account sees, as issuingTransfer(id) does. */
export function issuingTransfersByIds(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, IssuingTransferView>> {
  const a = ctx.acting.id;
  return viewsByIds(
    ids,
    (valid) => ctx.db.prisma.issuingTransfer.findMany({ where: { id: { in: valid }, OR: [{ accountId: a }, { sourceAccountId: a }, { destinationAccountId: a }] } }),
    eachRow(toIssuingTransferView),
  );
}

/**
 * GraphQL issuingTransfers: every issuing transfer the acting account made or is a party to (the
 * rows issuingTransfer(id) answers), newest first.
 */
export const issuingTransferList = defineList({
  filter: z.object({}),
  order: newestFirst('issuingTransfers'),
  find(ctx, _filter, page) {
    const a = ctx.acting.id;
    const where = { OR: [{ accountId: a }, { sourceAccountId: a }, { destinationAccountId: a }] };
    return page.slice(ctx.db.prisma.issuingTransfer.findMany(page.prisma(where)), ctx.db.prisma.issuingTransfer.count({ where }), toIssuingTransferView);
  },
});

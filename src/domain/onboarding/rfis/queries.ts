import type { Prisma, Rfi } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { linkedFiles } from '../files/contract';
import type { FileSettings } from '../files/settings';
import { defineList, type AreaList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { rfiErrors } from './errors';
import { rfiFilter, uuidOfRfiId, type RfiFilter } from './rules';
import { fileIdsOf, toRfiView, type RfiView } from './view';

/**
 * Who sees an RFI: the account it is about and, acting as itself, that account's master — the
 * platform answers for the accounts it onboarded (as AF4 shows it those accounts). Acting for a
 * sub-account (x-on-behalf-of) is acting as that account alone.
 */
export const visibleRfis = (ctx: RequestContext): Prisma.RfiWhereInput =>
  ctx.acting.id === ctx.principal.accountId && ctx.acting.parentId === null
    ? { OR: [{ accountId: ctx.acting.id }, { rootAccountId: ctx.acting.id }] }
    : { accountId: ctx.acting.id };

const db = (ctx: RequestContext) => ctx.tx ?? ctx.db.prisma;

/** RFIs as views, with fresh signed links to their files. */
export async function toRfiViews(ctx: RequestContext, settings: FileSettings, rows: readonly Rfi[]): Promise<RfiView[]> {
  const files = await linkedFiles(ctx.db, rows.flatMap(fileIdsOf), { settings, processClock: ctx.processClock });
  return rows.map((row) => toRfiView(row, files));
}

/** An RFI by its rfi_id, when the acting account sees it; anything else is not found. */
export async function getRfi(ctx: RequestContext, settings: FileSettings, rfiId: string): Promise<RfiView> {
  const id = uuidOfRfiId(rfiId);
  const row = id ? await db(ctx).rfi.findFirst({ where: { AND: [{ id }, visibleRfis(ctx)] } }) : null;
  if (!row) throw rfiErrors.notFound();
  return (await toRfiViews(ctx, settings, [row]))[0]!;
}

/** The RFIs the acting account sees, newest first; `settings` (read when the list runs) signs the files' links. */
export const rfiList = (settings: () => FileSettings): AreaList<RfiFilter, RfiView> =>
  defineList({
    filter: rfiFilter,
    order: newestFirst('rfis'),
    async find(ctx, filter, page) {
      const where: Prisma.RfiWhereInput = { AND: [visibleRfis(ctx), filter.status ? { status: filter.status } : {}] };
      const [rows, totalCount] = await Promise.all([
        db(ctx).rfi.findMany(page.prisma(where)),
        db(ctx).rfi.count({ where }),
      ]);
      return page.withViews(rows, totalCount, (shown) => toRfiViews(ctx, settings(), shown));
    },
  });

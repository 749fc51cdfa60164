import { z } from 'zod';
import type { RequestContext } from '../../../platform/context';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { terminalErrors } from './errors';
import { toTerminalView, type TerminalView } from './view';

/** One of the acting account's terminals by its TID; anything else answers as unknown. */
export async function getTerminal(ctx: RequestContext, terminalId: string): Promise<TerminalView> {
  const row = await ctx.db.prisma.paymentTerminal.findFirst({ where: { accountId: ctx.acting.id, terminalId } });
  if (!row) throw terminalErrors.terminalNotFound();
  return toTerminalView(row);
}

/** GraphQL terminals: the acting account's terminals, newest first. */
export const terminalList = defineList({
  filter: z.object({}),
  order: newestFirst('terminals'),
  find(ctx, _filter, page) {
    const where = { accountId: ctx.acting.id };
    return page.slice(
      ctx.db.prisma.paymentTerminal.findMany(page.prisma(where)),
      ctx.db.prisma.paymentTerminal.count({ where }),
      toTerminalView,
    );
  },
});

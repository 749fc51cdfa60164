import type Decimal from 'decimal.js';
import type { Card, Prisma } from '../../../generated/prisma/client';
import { ISSUING_PAGE } from '../products/queries';
import type { RequestContext } from '../../../platform/context';
import { isUuid } from '../../../platform/ids/ids';
import { money } from '../../../platform/money/amount';
import { defineList } from '../../../platform/pagination/list';
import { newestFirst } from '../../../platform/pagination/keyset';
import { cardErrors } from './errors';
import { cardListCountAndFunds } from './store';
import { cardFilter } from './rules';
import { toCardView, type CardView } from './view';
import { viewsByIds } from '../../../platform/nodes/by-ids';

/** The acting account's card row; any other id answers card_not_found. */
export async function findOwnCard(ctx: RequestContext, id: string): Promise<Card> {
  const row = isUuid(id) ? await ctx.db.prisma.card.findFirst({ where: { id, accountId: ctx.acting.id } }) : null;
  if (!row) throw cardErrors.notFound();
  return row;
}

/** The acting account's issuing balances (ISSUING_AVAILABLE) by currency, in one query whatever the number of cards. */
export async function issuingFunds(ctx: RequestContext): Promise<Map<string, Decimal>> {
  const rows = await ctx.db.prisma.ledgerAccount.findMany({
    where: { accountId: ctx.acting.id, purpose: 'ISSUING_AVAILABLE' },
    select: { currency: true, balance: true },
  });
  return new Map(rows.map((r) => [r.currency, r.balance]));
}

/** Card views with what each may spend: SHARE cards read the issuing balance (one query for any number of rows). */
export async function toCardViews(ctx: RequestContext, rows: Card[]): Promise<CardView[]> {
  const funds = rows.some((r) => r.modeType !== 'SINGLE') ? await issuingFunds(ctx) : new Map<string, Decimal>();
  return rows.map((r) => toCardView(r, funds.get(r.cardCurrency) ?? money(0)));
}

/** CI3 / GraphQL card(id). */
export async function getCard(ctx: RequestContext, id: string): Promise<CardView> {
  return (await toCardViews(ctx, [await findOwnCard(ctx, id)]))[0]!;
}

/** CI2 / GraphQL cards: the acting account's cards, newest first, by cardholder and status; 10-100 a page. */
export const cardList = defineList({
  filter: cardFilter,
  order: newestFirst('cards'),
  page: ISSUING_PAGE,
  async find(ctx, filter, page) {
    if (filter.cardholderId !== undefined) {
      const holder = isUuid(filter.cardholderId)
        ? await ctx.db.prisma.cardholder.findFirst({ where: { id: filter.cardholderId, accountId: ctx.acting.id }, select: { id: true } })
        : null;
      if (!holder) throw cardErrors.cardholderNotFoundForList();
    }
    const where: Prisma.CardWhereInput = {
      accountId: ctx.acting.id,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.cardholderId ? { cardholderId: filter.cardholderId } : {}),
    };
    const [rows, summary] = await Promise.all([
      ctx.db.prisma.card.findMany(page.prisma(where)),
      cardListCountAndFunds(ctx.db, ctx.acting.id, filter.status ?? null, filter.cardholderId ?? null),
    ]);
    const funds = new Map(Object.entries(summary?.funds ?? {}).map(([currency, balance]) => [currency, money(balance)]));
    return page.fromRows(rows, summary?.total ?? 0, (r) => toCardView(r, funds.get(r.cardCurrency) ?? money(0)));
  },
});

/** GraphQL `Cardholder.cards`: a holder's cards, newest first (cardsByCardholderIds reads them so). */
export const holderCardsOrder = newestFirst('Cardholder.cards');

/**
 * The GraphQL loaders' finder (Cardholder.cards): the acting account's cards of each holder, newest
 * first, in one statement. A holder the caller may not see has no cards here.
 */
export async function cardsByCardholderIds(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, CardView[]>> {
  const valid = [...new Set(ids.filter(isUuid))];
  const rows =
    valid.length === 0
      ? []
      : await ctx.db.prisma.card.findMany({ where: { accountId: ctx.acting.id, cardholderId: { in: valid } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  const views = await toCardViews(ctx, rows);
  const out = new Map<string, CardView[]>();
  rows.forEach((r, i) => out.set(r.cardholderId, [...(out.get(r.cardholderId) ?? []), views[i]!]));
  return out;
}

/** GraphQL's loaders (node, CardTransaction.card): the acting account's cards with these ids. */
export const cardsByIds = (ctx: RequestContext, ids: readonly string[]): Promise<Map<string, CardView>> =>
  viewsByIds(ids, (valid) => ctx.db.prisma.card.findMany({ where: { id: { in: valid }, accountId: ctx.acting.id } }), (rows) => toCardViews(ctx, [...rows]));

import type { Cardholder, Prisma } from '../../../generated/prisma/client';
import type { CardProductView } from '../products/view';
import { holderCheckOf } from '../cardholders/contract';
import { presentCardholder } from '../cardholders/queries';
import type { RequestContext } from '../../../platform/context';
import { newId } from '../../../platform/ids/ids';
import { toCardViews } from './queries';
import type { toCardView, CardCreation } from './view';

/** The columns every new card (CI1 create, CI11 assign) starts with: PENDING, its order PENDING. */
export function newCardRow(
  ctx: RequestContext,
  now: Date,
  c: { id: string; holder: Cardholder; product: CardProductView; maskedPan: string; formFactor: string },
): Omit<Prisma.CardUncheckedCreateInput, 'nameOnCard' | 'cardCurrency' | 'cardLimit' | 'spendingControls' | 'riskControls' | 'usageType'> {
  return {
    id: c.id,
    accountId: ctx.acting.id,
    cardholderId: c.holder.id,
    cardProductId: c.product.id,
    cardBin: c.product.cardBin,
    cardScheme: c.product.cardScheme,
    formFactor: c.formFactor,
    modeType: c.product.modeType,
    maskedPan: c.maskedPan,
    status: 'PENDING',
    cardOrderId: newId(),
    orderStatus: 'PENDING',
    createdAt: now,
    updatedAt: now,
  };
}

export async function cardCreationOf(
  ctx: RequestContext,
  card: Parameters<typeof toCardView>[0],
  holder: Cardholder,
  created: boolean,
  activationCode?: string,
): Promise<CardCreation> {
  const h = await presentCardholder(ctx.db, holder);
  return {
    card: (await toCardViews(ctx, [card]))[0]!,
    cardholderCreated: created,
    cardholderStatus: h.status,
    ...holderCheckOf(holder),
    idvUrlPath: h.idvUrlPath,
    idvUrlExpiresAt: h.idvUrlExpiresAt,
    ...(activationCode !== undefined ? { activationCode } : {}),
  };
}

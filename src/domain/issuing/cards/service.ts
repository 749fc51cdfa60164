import type { Prisma } from '../../../generated/prisma/client';
import { issuePan, type CardDataScope } from '../card-data/store';
import { findCardProduct } from '../products/contract';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { isUuid, newId } from '../../../platform/ids/ids';
import { parseInput } from '../../../platform/validation/validate';
import { checkCardholderFill, checkInlineCardholder, createInlineCardholder, fillCardholder } from '../cardholders/contract';
import { cardErrors } from './errors';
import { cancelLockedCard, lockCard, scheduleOrder, setLockedCardStatus } from './lifecycle';
import { fundCard } from './funds';
import { findOwnCard, toCardViews } from './queries';
import { checkCreateCard, createCardCommand, UPDATE_REASON_MAX, updateCardStatusCommand, type CardStatus, type SettableStatus } from './rules';
import { cardCreationOf, newCardRow } from './create-support';
import type { CardCreation, CardView } from './view';
import { assertMayMoveMoney } from '../../onboarding/accounts/verification';
import { artForNewCard } from '../card-arts/contract';

/**
 * CI1 (spec 4.4): checks the body against the product, then writes the card and its sealed PAN in one
 * transaction. Traditional mode names an existing holder (whose missing data the
 * cardholder_required_fields block may fill); one-step mode creates the holder inline by the CI14
 * rules in the same transaction, so a holder-rule failure writes neither.
 */
export async function createCard(ctx: RequestContext, cardData: Pick<CardDataScope, 'cardDataKeys'>, raw: unknown): Promise<CardCreation> {
  assertMayMoveMoney(ctx.acting);
  const input = parseInput(createCardCommand, raw);
  const now = ctx.clock.now();
  const product = await findCardProduct(ctx, input.cardProductId);
  if (!product || product.status !== 'ENABLED') throw cardErrors.productNotFound();
  const checked = checkCreateCard(input, product, now);
  const oneStep = input.cardholderId === undefined;
  const inline = oneStep ? checkInlineCardholder(input.cardholderRequiredFields, now) : null;
  const fill = oneStep ? null : checkCardholderFill(input.cardholderRequiredFields, now);
  const existing = oneStep
    ? null
    : isUuid(input.cardholderId!)
      ? await ctx.db.prisma.cardholder.findFirst({ where: { id: input.cardholderId, accountId: ctx.acting.id } })
      : null;
  if (!oneStep && (!existing || existing.status === 'FAILED')) throw cardErrors.cardholderIllegal();
  const id = newId();
  const cardArtId = await artForNewCard(ctx, product.id);
  const { card, holder } = await ctx.commit('locking', async (scope) => {
    const { tx, writes } = scope;
    const holder = inline ? await createInlineCardholder(ctx, scope, inline, now) : await fillCardholder(scope, existing!, fill, now);
    const pan = await issuePan({ ...ctx, db: ctx.db, tx, cardDataKeys: cardData.cardDataKeys }, { cardId: id, accountId: ctx.acting.id, bin: product.cardBin });
    const card = await tx.card.create({
      data: {
        ...newCardRow(ctx, now, { id, holder, product, maskedPan: pan.maskedPan, formFactor: product.cardForm[0] ?? 'VIR' }),
        nameOnCard: input.nameOnCard ?? `${holder.firstName} ${holder.lastName}`.slice(0, 26),
        cardCurrency: checked.currency,
        cardLimit: checked.cardLimit,
        spendingControls: (input.spendingControls ?? []) as Prisma.InputJsonValue,
        riskControls: checked.riskControls as Prisma.InputJsonValue,
        metadata: (input.metadata ?? undefined) as Prisma.InputJsonValue | undefined,
        usageType: checked.usageType,
        autoCancelTrigger: checked.autoCancelTrigger,
        expiryAt: checked.expiryAt,
        cardArtId,
      },
    });
    await scheduleOrder(tx, card, rootOf(ctx.acting), now);
    if (card.modeType !== 'SINGLE' || card.cardLimit.isZero()) return { card, holder };
    // A SINGLE card is prepaid: its card_limit moves from the issuing balance onto it in the same
    // transaction, and a short balance rolls the whole creation back (nothing written).
    fundCard(writes, card, card.cardLimit, { kind: 'CARD_RECHARGE', referenceType: 'CARD', referenceId: card.id, description: 'card_limit at creation', at: now }, cardErrors.accountBalanceError());
    return { card: { ...card, availableBalance: card.cardLimit }, holder };
  });
  return cardCreationOf(ctx, card, holder, inline !== null);
}

/** Which CI5 changes a card in `from` may take: freeze an active card, unfreeze a frozen one, cancel any not cancelled. */
function canSet(from: CardStatus, to: SettableStatus): boolean {
  if (from === 'CANCELLED') return false;
  if (to === 'CANCELLED') return true;
  return to === 'FROZEN' ? from === 'ACTIVE' : from === 'FROZEN';
}

/** CI5: freeze, unfreeze or cancel. CANCELLED is final (spec 3.2). */
export async function updateCardStatus(ctx: RequestContext, id: string, raw: unknown): Promise<CardView> {
  const input = parseInput(updateCardStatusCommand, raw);
  if (input.updateReason !== undefined && input.updateReason.length > UPDATE_REASON_MAX) throw cardErrors.updateReasonTooLong();
  const own = await findOwnCard(ctx, id);
  const now = ctx.clock.now();
  const row = await ctx.commit('locking', async (scope) => {
    const cur = (await lockCard(scope.tx, own.id))!;
    if (cur.status === 'CANCELLED') throw cardErrors.statusInvalid();
    if (cur.expiryAt && cur.expiryAt.getTime() <= now.getTime()) throw cardErrors.cardExpired();
    if (!canSet(cur.status as CardStatus, input.status)) throw cardErrors.statusInvalid();
    const reason = input.updateReason ?? null;
    if (input.status === 'CANCELLED') return cancelLockedCard(scope, cur, reason, now, rootOf(ctx.acting));
    return setLockedCardStatus(scope, cur, input.status, reason, now, rootOf(ctx.acting));
  });
  return (await toCardViews(ctx, [row]))[0]!;
}

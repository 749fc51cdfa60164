import type Decimal from 'decimal.js';
import type { Card } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { addEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import { money } from '../../../platform/money/amount';
import type { LockingScope } from '../../../platform/writes/commit';
import type { WriteSet } from '../../../platform/writes/write-set';
import type { NetworkProtectionView } from './network-protection-rules';
import { toCardView, type CardView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

/**
 * The data of the card events: the card's view at that step (only the masked number, never the
 * PAN). `issuingAvailable`: what a SHARE card spends from (cards/queries.ts toCardViews); a SINGLE
 * card's figure is its own balance and needs none.
 */
export const cardPayload = payloadOf<CardView>()('card', {
  expiryAt: 'date',
  createdAt: 'date',
  networkProtection: { updatedAt: 'date' },
  limitElevatedUntil: 'date',
});

/** The network protection events: their data is the enroll / remove answer. */
export const networkProtectionPayload = payloadOf<NetworkProtectionView>()('card_network_protection', { updatedAt: 'date' });

/** The card events of the card's own lifecycle (cards/lifecycle.ts). */
export type CardEventName = Extract<EventName, `card.${'create' | 'status'}.${string}`>;

export function addCardEvent(writes: WriteSet, eventName: EventName, c: Card, at: Date, issuingAvailable?: Decimal): void {
  addEvent(writes, { accountId: c.accountId, eventName, sourceId: c.id, data: cardPayload.facts(toCardView(c, issuingAvailable)), at });
}

/**
 * The account's issuing balance in the card's currency as `tx` sees it (0 when it has none, as
 * toCardViews reads it); one read, and only for a SHARE card.
 */
export async function issuingAvailableIn(tx: Tx, c: Card): Promise<Decimal | undefined> {
  if (c.modeType === 'SINGLE') return undefined;
  const row = await tx.ledgerAccount.findFirst({
    where: { accountId: c.accountId, currency: c.cardCurrency, purpose: 'ISSUING_AVAILABLE' },
    select: { balance: true },
  });
  return row?.balance ?? money(0);
}

/** The event of a card row changed in the request's transaction (its state after the change), with the issuing balance read there. */
export async function addChangedCardEvent({ tx, writes }: LockingScope, eventName: EventName, c: Card, at: Date): Promise<void> {
  addCardEvent(writes, eventName, c, at, await issuingAvailableIn(tx, c));
}

export function addNetworkProtectionEvent(writes: WriteSet, eventName: EventName, view: NetworkProtectionView, accountId: string, at: Date): void {
  addEvent(writes, { accountId, eventName, sourceId: view.cardId, data: networkProtectionPayload.facts(view), at });
}

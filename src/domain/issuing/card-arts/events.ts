import type { Tx } from '../../../platform/db/tx';
import { recordEvent } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { DefaultCardArtView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

export const defaultCardArtPayload = payloadOf<DefaultCardArtView>()('default_card_art', { updatedAt: 'date' });

/** `card_art.set_default.succeeded`: its data is setDefaultArt's answer. */
export function recordDefaultArtEvent(tx: Tx, accountId: string, view: DefaultCardArtView): Promise<void> {
  return recordEvent(tx, {
    accountId,
    eventName: 'card_art.set_default.succeeded',
    sourceId: view.defaultCardArtId,
    data: defaultCardArtPayload.facts(view),
    at: view.updatedAt,
  });
}

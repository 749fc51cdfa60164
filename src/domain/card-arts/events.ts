import type { Tx } from '../../db/tx';
import { recordEvent } from '../events/outbox';
import { toRestDefaultCardArt } from '../../rest-compat/card-arts/present';
import type { DefaultCardArtView } from './view';

/** `card_art.set_default.succeeded`: its data is setDefaultArt's answer (docs/area-shape.md, "Event payloads"). */
export function recordDefaultArtEvent(tx: Tx, accountId: string, view: DefaultCardArtView): Promise<void> {
  return recordEvent(tx, {
    accountId,
    eventName: 'card_art.set_default.succeeded',
    sourceId: view.defaultCardArtId,
    data: toRestDefaultCardArt(view),
    at: view.updatedAt,
  });
}

import { addEvent } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import type { WriteSet } from '../../../platform/writes/write-set';
// Declares the names this module writes before any is written.
import './event-names';

/** A settled batch as its event tells it: amounts in the settlement currency's precision. */
export interface SettlementBatchView {
  id: string;
  currency: string;
  itemCount: number;
  settlementAmount: string;
  netSettlementAmount: string;
  totalFeeAmount: string;
  /** The daily cut (or, settled at once, the capture's time). */
  settlementDate: Date;
}

export const settlementBatchPayload = payloadOf<SettlementBatchView>()('settlement_batch', { settlementDate: 'date' });

/** `settlement.create.succeeded`: one per batch. */
export const addSettlementBatchEvent = (writes: WriteSet, accountId: string, b: SettlementBatchView, at: Date) =>
  addEvent(writes, { accountId, eventName: 'settlement.create.succeeded', sourceId: b.id, data: settlementBatchPayload.facts(b), at });

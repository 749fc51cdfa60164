import type { Beneficiary } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { recordEvent, type EventName } from '../../../platform/events/outbox';
import { payloadOf } from '../../../platform/events/facts';
import { toBeneficiaryView, type BeneficiaryView } from './view';
// Declares the names this module writes before any is written.
import './event-names';

const BENEFICIARY_EVENTS = {
  create: 'beneficiary.create.succeeded',
  update: 'beneficiary.update.succeeded',
  delete: 'beneficiary.delete.succeeded',
} as const satisfies Record<string, EventName>;

export const beneficiaryPayload = payloadOf<BeneficiaryView>()('beneficiary', { createdAt: 'date', updatedAt: 'date' });

/** The outbox event of a beneficiary change; its data is the beneficiary's view then. */
export async function recordBeneficiaryEvent(tx: Tx, b: Beneficiary, action: 'create' | 'update' | 'delete', at: Date): Promise<void> {
  await recordEvent(tx, { accountId: b.accountId, eventName: BENEFICIARY_EVENTS[action], sourceId: b.id, data: beneficiaryPayload.facts(toBeneficiaryView(b)), at });
}

import type { Beneficiary } from '../../generated/prisma/client';
import type { Tx } from '../../db/tx';
import { toRestBeneficiary } from '../../rest-compat/beneficiaries/present';
import { recordEvent, type EventName } from '../events/outbox';
import { toBeneficiaryView } from './view';

const BENEFICIARY_EVENTS = {
  create: 'beneficiary.create.succeeded',
  update: 'beneficiary.update.succeeded',
  delete: 'beneficiary.delete.succeeded',
} as const satisfies Record<string, EventName>;

/** The outbox event of a beneficiary change; its data is the beneficiary as PO6 answers it then. */
export async function recordBeneficiaryEvent(tx: Tx, b: Beneficiary, action: 'create' | 'update' | 'delete', at: Date): Promise<void> {
  await recordEvent(tx, { accountId: b.accountId, eventName: BENEFICIARY_EVENTS[action], sourceId: b.id, data: toRestBeneficiary(toBeneficiaryView(b)), at });
}

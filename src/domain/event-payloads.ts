import { accountPayload } from './onboarding/accounts/events';
import { bankAccountPayload } from './acquiring/bank-accounts/events';
import { beneficiaryPayload } from './wallet/beneficiaries/events';
import { defaultCardArtPayload } from './issuing/card-arts/events';
import { cardOrderPayload } from './issuing/card-orders/events';
import { cardTransactionPayload } from './issuing/transactions/events';
import { cardholderPayload } from './issuing/cardholders/events';
import { cardPayload, networkProtectionPayload } from './issuing/cards/events';
import { depositPayload } from './wallet/deposits/events';
import type { EventPayload, StoredFacts } from '../platform/events/facts';
import { conversionPayload } from './wallet/fx/events';
import { issuingReportPayload } from './issuing/reports/events';
import { issuingTransferPayload } from './issuing/transfers/events';
import { paymentPayoutPayload } from './acquiring/payouts/events';
import { paymentIntentPayload } from './acquiring/payments/events';
import { payoutPayload } from './wallet/payouts/events';
import { refundPayload } from './acquiring/refunds/events';
import { rfiPayload } from './onboarding/rfis/events';
import { settlementBatchPayload } from './acquiring/settlements/events';
import { terminalPayload } from './acquiring/terminals/events';
import { transferPayload } from './wallet/transfers/events';
import { applicationPayload } from './onboarding/virtual-account-applications/events';
import { virtualAccountPayload } from './wallet/virtual-accounts/events';
import { webhookEndpointPayload } from './developers/webhooks/events';

/**
 * Every kind of view the outbox stores, by the kind it is stored under. Each door keeps a table of
 * the same keys (how it renders each kind), and the compiler refuses a door that misses one.
 */
export const EVENT_PAYLOADS = {
  account: accountPayload,
  bank_account: bankAccountPayload,
  beneficiary: beneficiaryPayload,
  card: cardPayload,
  card_network_protection: networkProtectionPayload,
  card_order: cardOrderPayload,
  card_transaction: cardTransactionPayload,
  cardholder: cardholderPayload,
  conversion: conversionPayload,
  default_card_art: defaultCardArtPayload,
  deposit: depositPayload,
  issuing_report: issuingReportPayload,
  issuing_transfer: issuingTransferPayload,
  payment_intent: paymentIntentPayload,
  payment_payout: paymentPayoutPayload,
  payout: payoutPayload,
  refund: refundPayload,
  rfi: rfiPayload,
  settlement_batch: settlementBatchPayload,
  terminal: terminalPayload,
  transfer: transferPayload,
  virtual_account: virtualAccountPayload,
  virtual_account_application: applicationPayload,
  webhook_endpoint: webhookEndpointPayload,
} as const;

export type PayloadKind = keyof typeof EVENT_PAYLOADS;
// Each entry is filed under its own kind: a payload stored as one kind is revived as that kind.
const filedUnderItsKind: { [K in PayloadKind]: EventPayload<K, unknown> } = EVENT_PAYLOADS;
void filedUnderItsKind;

export type PayloadView<K extends PayloadKind> = (typeof EVENT_PAYLOADS)[K] extends EventPayload<K, infer V> ? V : never;

/** A stored event's view, revived, with its kind: what a door renders. */
export type EventFacts = { [K in PayloadKind]: { kind: K; view: PayloadView<K> } }[PayloadKind];

const isKind = (k: unknown): k is PayloadKind => typeof k === 'string' && Object.hasOwn(EVENT_PAYLOADS, k);

/** The view a version-2 row's data holds. Throws on data no payload wrote (a row is never guessed at). */
export function reviveEventFacts(data: unknown): EventFacts {
  const facts = data as Partial<StoredFacts> | null;
  if (facts === null || typeof facts !== 'object' || !isKind(facts.kind) || !('view' in facts)) throw new Error('outbox data is no stored view');
  const payload = EVENT_PAYLOADS[facts.kind] as EventPayload<PayloadKind, unknown>;
  return { kind: facts.kind, view: payload.revive(facts.view) } as EventFacts;
}

import type { PayloadKind, PayloadView } from '../../../domain/event-payloads';
import { toRestAccount } from '../../onboarding/accounts/present';
import { toRestBankAccount } from '../../acquiring/bank-accounts/present';
import { toRestBeneficiary } from '../../wallet/beneficiaries/present';
import { toRestDefaultCardArt } from '../../issuing/card-arts/present';
import { toRestCardOrder } from '../../issuing/card-orders/present';
import { toRestCardTransaction } from '../../issuing/transactions/present';
import { toRestCardholderEvent } from '../../issuing/cardholders/present';
import { toRestCard, toRestNetworkProtection } from '../../issuing/cards/present';
import { toRestDeposit } from '../../wallet/deposits/present';
import { toRestConversion } from '../../wallet/fx/present';
import { toRestIssuingReportEvent } from '../../issuing/reports/present';
import { toRestIssuingTransfer } from '../../issuing/transfers/present';
import { toRestPaymentPayout } from '../../acquiring/payouts/present';
import { toRestPaymentIntent } from '../../acquiring/payments/present';
import { toRestPayout } from '../../wallet/payouts/present';
import { toRestRefund } from '../../acquiring/refunds/present';
import { toRestRfi } from '../../onboarding/rfis/present';
import { toRestSettlementBatch } from '../../acquiring/settlements/present';
import { toRestTerminal } from '../../acquiring/terminals/present';
import { toRestTransfer } from '../../wallet/transfers/present';
import { toRestApplication } from '../../onboarding/virtual-account-applications/present';
import { toRestVirtualAccount } from '../../wallet/virtual-accounts/present';
import { toRestEndpointEvent } from '../webhooks/present';

/**
 * An event is no request: where a presenter puts a request's origin in front of a path (an RFI
 * file's link, next_action's page), the event carries the path alone, relative to payrail's own
 * origin (docs/webhooks.md).
 */
const NO_ORIGIN = '';

/**
 * The webhook body's `data` of each kind of stored view: the object a receiver would read with the
 * REST door (docs/area-shape.md, "Event payloads"). The compiler refuses a kind left out.
 */
export const EVENT_PRESENTERS: { [K in PayloadKind]: (view: PayloadView<K>) => unknown } = {
  account: toRestAccount,
  bank_account: toRestBankAccount,
  beneficiary: toRestBeneficiary,
  card: toRestCard,
  card_network_protection: toRestNetworkProtection,
  card_order: toRestCardOrder,
  card_transaction: toRestCardTransaction,
  cardholder: toRestCardholderEvent,
  conversion: toRestConversion,
  default_card_art: toRestDefaultCardArt,
  deposit: toRestDeposit,
  issuing_report: toRestIssuingReportEvent,
  issuing_transfer: toRestIssuingTransfer,
  payment_intent: (v) => toRestPaymentIntent(v, NO_ORIGIN),
  payment_payout: toRestPaymentPayout,
  payout: toRestPayout,
  refund: toRestRefund,
  rfi: (v) => toRestRfi(v, NO_ORIGIN),
  settlement_batch: toRestSettlementBatch,
  terminal: toRestTerminal,
  transfer: toRestTransfer,
  virtual_account: toRestVirtualAccount,
  virtual_account_application: toRestApplication,
  webhook_endpoint: toRestEndpointEvent,
};

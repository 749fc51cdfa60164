// Written by `npm run areas` from the area folders (scripts/areas.js): do not edit.

import { events as wallet_beneficiaries } from './wallet/beneficiaries/event-names';
import { events as wallet_deposits } from './wallet/deposits/event-names';
import { events as wallet_fx } from './wallet/fx/event-names';
import { events as wallet_payouts } from './wallet/payouts/event-names';
import { events as wallet_transfers } from './wallet/transfers/event-names';
import { events as wallet_virtualAccounts } from './wallet/virtual-accounts/event-names';
import { events as acquiring_bankAccounts } from './acquiring/bank-accounts/event-names';
import { events as acquiring_payments } from './acquiring/payments/event-names';
import { events as acquiring_payouts } from './acquiring/payouts/event-names';
import { events as acquiring_refunds } from './acquiring/refunds/event-names';
import { events as acquiring_settlements } from './acquiring/settlements/event-names';
import { events as acquiring_terminals } from './acquiring/terminals/event-names';
import { events as issuing_cardArts } from './issuing/card-arts/event-names';
import { events as issuing_cardOrders } from './issuing/card-orders/event-names';
import { events as issuing_cardholders } from './issuing/cardholders/event-names';
import { events as issuing_cards } from './issuing/cards/event-names';
import { events as issuing_reports } from './issuing/reports/event-names';
import { events as issuing_transactions } from './issuing/transactions/event-names';
import { events as issuing_transfers } from './issuing/transfers/event-names';
import { events as onboarding_accounts } from './onboarding/accounts/event-names';
import { events as onboarding_rfis } from './onboarding/rfis/event-names';
import { events as developers_webhooks } from './developers/webhooks/event-names';

/** Every event the areas write, with its envelope's event_type: each area declares its own (event-names.ts). */
export const EVENT_CATALOGUE = {
  ...wallet_beneficiaries,
  ...wallet_deposits,
  ...wallet_fx,
  ...wallet_payouts,
  ...wallet_transfers,
  ...wallet_virtualAccounts,
  ...acquiring_bankAccounts,
  ...acquiring_payments,
  ...acquiring_payouts,
  ...acquiring_refunds,
  ...acquiring_settlements,
  ...acquiring_terminals,
  ...issuing_cardArts,
  ...issuing_cardOrders,
  ...issuing_cardholders,
  ...issuing_cards,
  ...issuing_reports,
  ...issuing_transactions,
  ...issuing_transfers,
  ...onboarding_accounts,
  ...onboarding_rfis,
  ...developers_webhooks,
} as const;

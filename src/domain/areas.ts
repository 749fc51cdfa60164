// Written by `npm run areas` from the area folders (scripts/areas.js): do not edit.

import { EMPTY_AREA, payloadsByKind } from '../platform/areas';
// Every area's event names, declared before anything reads the catalogue (a webhook endpoint's names).
export { EVENT_CATALOGUE } from './event-names';
import { area as wallet_beneficiaries } from './wallet/beneficiaries/area';
import { area as wallet_deposits } from './wallet/deposits/area';
import { area as wallet_fx } from './wallet/fx/area';
import { area as wallet_payouts } from './wallet/payouts/area';
import { area as wallet_transfers } from './wallet/transfers/area';
import { area as wallet_virtualAccounts } from './wallet/virtual-accounts/area';
import { area as acquiring_bankAccounts } from './acquiring/bank-accounts/area';
import { area as acquiring_payments } from './acquiring/payments/area';
import { area as acquiring_payouts } from './acquiring/payouts/area';
import { area as acquiring_refunds } from './acquiring/refunds/area';
import { area as acquiring_settlements } from './acquiring/settlements/area';
import { area as acquiring_terminals } from './acquiring/terminals/area';
import { area as issuing_cardArts } from './issuing/card-arts/area';
import { area as issuing_cardOrders } from './issuing/card-orders/area';
import { area as issuing_cardholders } from './issuing/cardholders/area';
import { area as issuing_cards } from './issuing/cards/area';
import { area as issuing_reports } from './issuing/reports/area';
import { area as issuing_transactions } from './issuing/transactions/area';
import { area as issuing_transfers } from './issuing/transfers/area';
import { area as onboarding_accounts } from './onboarding/accounts/area';
import { area as onboarding_rfis } from './onboarding/rfis/area';
import { area as onboarding_virtualAccountApplications } from './onboarding/virtual-account-applications/area';
import { area as developers_webhooks } from './developers/webhooks/area';

/** Every area of the domain, by `<group>/<area>`, with what it declares (its lifecycle is loaded with it). */
export const AREAS = {
  'wallet/balances': EMPTY_AREA,
  'wallet/beneficiaries': wallet_beneficiaries,
  'wallet/deposits': wallet_deposits,
  'wallet/fx': wallet_fx,
  'wallet/payouts': wallet_payouts,
  'wallet/transfers': wallet_transfers,
  'wallet/virtual-accounts': wallet_virtualAccounts,
  'acquiring/balances': EMPTY_AREA,
  'acquiring/bank-accounts': acquiring_bankAccounts,
  'acquiring/payments': acquiring_payments,
  'acquiring/payouts': acquiring_payouts,
  'acquiring/refunds': acquiring_refunds,
  'acquiring/settlements': acquiring_settlements,
  'acquiring/terminals': acquiring_terminals,
  'issuing/auth-decisions': EMPTY_AREA,
  'issuing/balances': EMPTY_AREA,
  'issuing/card-arts': issuing_cardArts,
  'issuing/card-data': EMPTY_AREA,
  'issuing/card-orders': issuing_cardOrders,
  'issuing/card-secure': EMPTY_AREA,
  'issuing/cardholders': issuing_cardholders,
  'issuing/cards': issuing_cards,
  'issuing/merchant-brands': EMPTY_AREA,
  'issuing/products': EMPTY_AREA,
  'issuing/reports': issuing_reports,
  'issuing/transactions': issuing_transactions,
  'issuing/transfers': issuing_transfers,
  'onboarding/accounts': onboarding_accounts,
  'onboarding/files': EMPTY_AREA,
  'onboarding/rfis': onboarding_rfis,
  'onboarding/virtual-account-applications': onboarding_virtualAccountApplications,
  'developers/keys': EMPTY_AREA,
  'developers/sandbox': EMPTY_AREA,
  'developers/webhooks': developers_webhooks,
} as const;

export type AreaName = keyof typeof AREAS;

/**
 * The tables the areas insert whole rows into through write sets, in the order of the areas:
 * payrail_insert_row has a static INSERT for each (npm run sql:functions).
 */
export const ROW_INSERTED_TABLES = [
  ...wallet_beneficiaries.tables,
  ...wallet_deposits.tables,
  ...wallet_fx.tables,
  ...wallet_payouts.tables,
  ...wallet_transfers.tables,
  ...wallet_virtualAccounts.tables,
  ...acquiring_bankAccounts.tables,
  ...acquiring_payments.tables,
  ...acquiring_payouts.tables,
  ...acquiring_refunds.tables,
  ...acquiring_settlements.tables,
  ...acquiring_terminals.tables,
  ...issuing_cardArts.tables,
  ...issuing_cardOrders.tables,
  ...issuing_cardholders.tables,
  ...issuing_cards.tables,
  ...issuing_reports.tables,
  ...issuing_transactions.tables,
  ...issuing_transfers.tables,
  ...onboarding_accounts.tables,
  ...onboarding_rfis.tables,
  ...onboarding_virtualAccountApplications.tables,
  ...developers_webhooks.tables,
];

/** The resources journal entries reference, and the movements they post (BT3: transaction_way, transaction_type). */
export const LEDGER_REFERENCE_TYPES = [
  ...wallet_beneficiaries.ledgerReferences,
  ...wallet_deposits.ledgerReferences,
  ...wallet_fx.ledgerReferences,
  ...wallet_payouts.ledgerReferences,
  ...wallet_transfers.ledgerReferences,
  ...wallet_virtualAccounts.ledgerReferences,
  ...acquiring_bankAccounts.ledgerReferences,
  ...acquiring_payments.ledgerReferences,
  ...acquiring_payouts.ledgerReferences,
  ...acquiring_refunds.ledgerReferences,
  ...acquiring_settlements.ledgerReferences,
  ...acquiring_terminals.ledgerReferences,
  ...issuing_cardArts.ledgerReferences,
  ...issuing_cardOrders.ledgerReferences,
  ...issuing_cardholders.ledgerReferences,
  ...issuing_cards.ledgerReferences,
  ...issuing_reports.ledgerReferences,
  ...issuing_transactions.ledgerReferences,
  ...issuing_transfers.ledgerReferences,
  ...onboarding_accounts.ledgerReferences,
  ...onboarding_rfis.ledgerReferences,
  ...onboarding_virtualAccountApplications.ledgerReferences,
  ...developers_webhooks.ledgerReferences,
];
export const JOURNAL_ENTRY_KINDS = [
  ...wallet_beneficiaries.entryKinds,
  ...wallet_deposits.entryKinds,
  ...wallet_fx.entryKinds,
  ...wallet_payouts.entryKinds,
  ...wallet_transfers.entryKinds,
  ...wallet_virtualAccounts.entryKinds,
  ...acquiring_bankAccounts.entryKinds,
  ...acquiring_payments.entryKinds,
  ...acquiring_payouts.entryKinds,
  ...acquiring_refunds.entryKinds,
  ...acquiring_settlements.entryKinds,
  ...acquiring_terminals.entryKinds,
  ...issuing_cardArts.entryKinds,
  ...issuing_cardOrders.entryKinds,
  ...issuing_cardholders.entryKinds,
  ...issuing_cards.entryKinds,
  ...issuing_reports.entryKinds,
  ...issuing_transactions.entryKinds,
  ...issuing_transfers.entryKinds,
  ...onboarding_accounts.entryKinds,
  ...onboarding_rfis.entryKinds,
  ...onboarding_virtualAccountApplications.entryKinds,
  ...developers_webhooks.entryKinds,
];

/** Every kind of view the outbox stores, by the kind it is stored under; a kind declared twice throws. */
export const EVENT_PAYLOADS = payloadsByKind([
  ...wallet_beneficiaries.payloads,
  ...wallet_deposits.payloads,
  ...wallet_fx.payloads,
  ...wallet_payouts.payloads,
  ...wallet_transfers.payloads,
  ...wallet_virtualAccounts.payloads,
  ...acquiring_bankAccounts.payloads,
  ...acquiring_payments.payloads,
  ...acquiring_payouts.payloads,
  ...acquiring_refunds.payloads,
  ...acquiring_settlements.payloads,
  ...acquiring_terminals.payloads,
  ...issuing_cardArts.payloads,
  ...issuing_cardOrders.payloads,
  ...issuing_cardholders.payloads,
  ...issuing_cards.payloads,
  ...issuing_reports.payloads,
  ...issuing_transactions.payloads,
  ...issuing_transfers.payloads,
  ...onboarding_accounts.payloads,
  ...onboarding_rfis.payloads,
  ...onboarding_virtualAccountApplications.payloads,
  ...developers_webhooks.payloads,
]);

/** The status columns the areas declare, each with its array of values: npm run sql:checks holds each to it by a CHECK constraint. */
export const STATUS_COLUMNS = [
  ...wallet_beneficiaries.statusColumns,
  ...wallet_deposits.statusColumns,
  ...wallet_fx.statusColumns,
  ...wallet_payouts.statusColumns,
  ...wallet_transfers.statusColumns,
  ...wallet_virtualAccounts.statusColumns,
  ...acquiring_bankAccounts.statusColumns,
  ...acquiring_payments.statusColumns,
  ...acquiring_payouts.statusColumns,
  ...acquiring_refunds.statusColumns,
  ...acquiring_settlements.statusColumns,
  ...acquiring_terminals.statusColumns,
  ...issuing_cardArts.statusColumns,
  ...issuing_cardOrders.statusColumns,
  ...issuing_cardholders.statusColumns,
  ...issuing_cards.statusColumns,
  ...issuing_reports.statusColumns,
  ...issuing_transactions.statusColumns,
  ...issuing_transfers.statusColumns,
  ...onboarding_accounts.statusColumns,
  ...onboarding_rfis.statusColumns,
  ...onboarding_virtualAccountApplications.statusColumns,
  ...developers_webhooks.statusColumns,
];

/** The tables whose rows are objects a client looks up by id (GraphQL's node(id)), each with its kind: one statement finds an id's kind among them all. */
export const NODE_TABLES = [
  ...wallet_beneficiaries.nodes,
  ...wallet_deposits.nodes,
  ...wallet_fx.nodes,
  ...wallet_payouts.nodes,
  ...wallet_transfers.nodes,
  ...wallet_virtualAccounts.nodes,
  ...acquiring_bankAccounts.nodes,
  ...acquiring_payments.nodes,
  ...acquiring_payouts.nodes,
  ...acquiring_refunds.nodes,
  ...acquiring_settlements.nodes,
  ...acquiring_terminals.nodes,
  ...issuing_cardArts.nodes,
  ...issuing_cardOrders.nodes,
  ...issuing_cardholders.nodes,
  ...issuing_cards.nodes,
  ...issuing_reports.nodes,
  ...issuing_transactions.nodes,
  ...issuing_transfers.nodes,
  ...onboarding_accounts.nodes,
  ...onboarding_rfis.nodes,
  ...onboarding_virtualAccountApplications.nodes,
  ...developers_webhooks.nodes,
] as const;

/** The kinds of object the areas declare as rows (`defineArea({ nodes })`). */
export type NodeKind = (typeof NODE_TABLES)[number]['kind'];

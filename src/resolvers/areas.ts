// Written by `npm run areas` from the area folders (scripts/areas.js): do not edit.

// The areas' resolvers are decorated classes: the metadata API comes first.
import 'reflect-metadata';
import { type EventObjects } from './area';
import { graphql as wallet_balances } from './wallet/balances';
import { graphql as wallet_beneficiaries } from './wallet/beneficiaries';
import { graphql as wallet_deposits } from './wallet/deposits';
import { graphql as wallet_fx } from './wallet/fx';
import { graphql as wallet_payouts } from './wallet/payouts';
import { graphql as wallet_transfers } from './wallet/transfers';
import { graphql as wallet_virtualAccounts } from './wallet/virtual-accounts';
import { graphql as acquiring_balances } from './acquiring/balances';
import { graphql as acquiring_bankAccounts } from './acquiring/bank-accounts';
import { graphql as acquiring_payments } from './acquiring/payments';
import { graphql as acquiring_payouts } from './acquiring/payouts';
import { graphql as acquiring_refunds } from './acquiring/refunds';
import { graphql as acquiring_settlements } from './acquiring/settlements';
import { graphql as acquiring_terminals } from './acquiring/terminals';
import { graphql as issuing_authDecisions } from './issuing/auth-decisions';
import { graphql as issuing_balances } from './issuing/balances';
import { graphql as issuing_cardArts } from './issuing/card-arts';
import { graphql as issuing_cardOrders } from './issuing/card-orders';
import { graphql as issuing_cardSecure } from './issuing/card-secure';
import { graphql as issuing_cardholders } from './issuing/cardholders';
import { graphql as issuing_cards } from './issuing/cards';
import { graphql as issuing_merchantBrands } from './issuing/merchant-brands';
import { graphql as issuing_products } from './issuing/products';
import { graphql as issuing_reports } from './issuing/reports';
import { graphql as issuing_transactions } from './issuing/transactions';
import { graphql as issuing_transfers } from './issuing/transfers';
import { graphql as onboarding_accounts } from './onboarding/accounts';
import { graphql as onboarding_files } from './onboarding/files';
import { graphql as onboarding_rfis } from './onboarding/rfis';
import { graphql as onboarding_virtualAccountApplications } from './onboarding/virtual-account-applications';
import { graphql as developers_events } from './developers/events';
import { graphql as developers_keys } from './developers/keys';
import { graphql as developers_sandbox } from './developers/sandbox';
import { graphql as developers_webhooks } from './developers/webhooks';

/** Every area of this door that has one, by `<group>/<area>`: what it adds (graphqlArea). */
export const GRAPHQL_AREAS = {
  'wallet/balances': wallet_balances,
  'wallet/beneficiaries': wallet_beneficiaries,
  'wallet/deposits': wallet_deposits,
  'wallet/fx': wallet_fx,
  'wallet/payouts': wallet_payouts,
  'wallet/transfers': wallet_transfers,
  'wallet/virtual-accounts': wallet_virtualAccounts,
  'acquiring/balances': acquiring_balances,
  'acquiring/bank-accounts': acquiring_bankAccounts,
  'acquiring/payments': acquiring_payments,
  'acquiring/payouts': acquiring_payouts,
  'acquiring/refunds': acquiring_refunds,
  'acquiring/settlements': acquiring_settlements,
  'acquiring/terminals': acquiring_terminals,
  'issuing/auth-decisions': issuing_authDecisions,
  'issuing/balances': issuing_balances,
  'issuing/card-arts': issuing_cardArts,
  'issuing/card-orders': issuing_cardOrders,
  'issuing/card-secure': issuing_cardSecure,
  'issuing/cardholders': issuing_cardholders,
  'issuing/cards': issuing_cards,
  'issuing/merchant-brands': issuing_merchantBrands,
  'issuing/products': issuing_products,
  'issuing/reports': issuing_reports,
  'issuing/transactions': issuing_transactions,
  'issuing/transfers': issuing_transfers,
  'onboarding/accounts': onboarding_accounts,
  'onboarding/files': onboarding_files,
  'onboarding/rfis': onboarding_rfis,
  'onboarding/virtual-account-applications': onboarding_virtualAccountApplications,
  'developers/events': developers_events,
  'developers/keys': developers_keys,
  'developers/sandbox': developers_sandbox,
  'developers/webhooks': developers_webhooks,
} as const;

/** The resolvers of every area, in the order of the areas. */
export const RESOLVERS = Object.values(GRAPHQL_AREAS).flatMap((a) => a.resolvers);

/** Each kind of stored view as its GraphQL object; the compiler refuses a kind left out. */
export const EVENT_OBJECTS = {
  ...wallet_balances.objects,
  ...wallet_beneficiaries.objects,
  ...wallet_deposits.objects,
  ...wallet_fx.objects,
  ...wallet_payouts.objects,
  ...wallet_transfers.objects,
  ...wallet_virtualAccounts.objects,
  ...acquiring_balances.objects,
  ...acquiring_bankAccounts.objects,
  ...acquiring_payments.objects,
  ...acquiring_payouts.objects,
  ...acquiring_refunds.objects,
  ...acquiring_settlements.objects,
  ...acquiring_terminals.objects,
  ...issuing_authDecisions.objects,
  ...issuing_balances.objects,
  ...issuing_cardArts.objects,
  ...issuing_cardOrders.objects,
  ...issuing_cardSecure.objects,
  ...issuing_cardholders.objects,
  ...issuing_cards.objects,
  ...issuing_merchantBrands.objects,
  ...issuing_products.objects,
  ...issuing_reports.objects,
  ...issuing_transactions.objects,
  ...issuing_transfers.objects,
  ...onboarding_accounts.objects,
  ...onboarding_files.objects,
  ...onboarding_rfis.objects,
  ...onboarding_virtualAccountApplications.objects,
  ...developers_events.objects,
  ...developers_keys.objects,
  ...developers_sandbox.objects,
  ...developers_webhooks.objects,
} satisfies EventObjects;

/** Every node type (an object with an id `node(id)` finds), in the order of the areas. */
export const NODE_TYPES = Object.values(GRAPHQL_AREAS).flatMap((a) => a.nodes);

// Written by `npm run areas` from the area folders (scripts/areas.js): do not edit.

import { type EventPresenters } from './area';
import { rest as wallet_balances } from './wallet/balances';
import { rest as wallet_beneficiaries } from './wallet/beneficiaries';
import { rest as wallet_deposits } from './wallet/deposits';
import { rest as wallet_fx } from './wallet/fx';
import { rest as wallet_payouts } from './wallet/payouts';
import { rest as wallet_transfers } from './wallet/transfers';
import { rest as wallet_virtualAccounts } from './wallet/virtual-accounts';
import { rest as acquiring_balances } from './acquiring/balances';
import { rest as acquiring_bankAccounts } from './acquiring/bank-accounts';
import { rest as acquiring_payments } from './acquiring/payments';
import { rest as acquiring_payouts } from './acquiring/payouts';
import { rest as acquiring_refunds } from './acquiring/refunds';
import { rest as acquiring_settlements } from './acquiring/settlements';
import { rest as acquiring_terminals } from './acquiring/terminals';
import { rest as issuing_authDecisions } from './issuing/auth-decisions';
import { rest as issuing_balances } from './issuing/balances';
import { rest as issuing_cardArts } from './issuing/card-arts';
import { rest as issuing_cardData } from './issuing/card-data';
import { rest as issuing_cardOrders } from './issuing/card-orders';
import { rest as issuing_cardSecure } from './issuing/card-secure';
import { rest as issuing_cardholders } from './issuing/cardholders';
import { rest as issuing_cards } from './issuing/cards';
import { rest as issuing_merchantBrands } from './issuing/merchant-brands';
import { rest as issuing_products } from './issuing/products';
import { rest as issuing_reports } from './issuing/reports';
import { rest as issuing_transactions } from './issuing/transactions';
import { rest as issuing_transfers } from './issuing/transfers';
import { rest as onboarding_accounts } from './onboarding/accounts';
import { rest as onboarding_files } from './onboarding/files';
import { rest as onboarding_rfis } from './onboarding/rfis';
import { rest as onboarding_virtualAccountApplications } from './onboarding/virtual-account-applications';
import { rest as developers_keys } from './developers/keys';
import { rest as developers_sandbox } from './developers/sandbox';
import { rest as developers_webhooks } from './developers/webhooks';

/** Every area of this door that has one, by `<group>/<area>`: what it adds (restArea). */
export const REST_AREAS = {
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
  'issuing/card-data': issuing_cardData,
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
  'developers/keys': developers_keys,
  'developers/sandbox': developers_sandbox,
  'developers/webhooks': developers_webhooks,
} as const;

/** The routes of every area, in the order of the areas. */
export const REST_MODULES = Object.values(REST_AREAS).flatMap((a) => a.routes);

/** How each kind of stored view reads on the wire; the compiler refuses a kind left out. */
export const EVENT_PRESENTERS = {
  ...wallet_balances.presenters,
  ...wallet_beneficiaries.presenters,
  ...wallet_deposits.presenters,
  ...wallet_fx.presenters,
  ...wallet_payouts.presenters,
  ...wallet_transfers.presenters,
  ...wallet_virtualAccounts.presenters,
  ...acquiring_balances.presenters,
  ...acquiring_bankAccounts.presenters,
  ...acquiring_payments.presenters,
  ...acquiring_payouts.presenters,
  ...acquiring_refunds.presenters,
  ...acquiring_settlements.presenters,
  ...acquiring_terminals.presenters,
  ...issuing_authDecisions.presenters,
  ...issuing_balances.presenters,
  ...issuing_cardArts.presenters,
  ...issuing_cardData.presenters,
  ...issuing_cardOrders.presenters,
  ...issuing_cardSecure.presenters,
  ...issuing_cardholders.presenters,
  ...issuing_cards.presenters,
  ...issuing_merchantBrands.presenters,
  ...issuing_products.presenters,
  ...issuing_reports.presenters,
  ...issuing_transactions.presenters,
  ...issuing_transfers.presenters,
  ...onboarding_accounts.presenters,
  ...onboarding_files.presenters,
  ...onboarding_rfis.presenters,
  ...onboarding_virtualAccountApplications.presenters,
  ...developers_keys.presenters,
  ...developers_sandbox.presenters,
  ...developers_webhooks.presenters,
} satisfies EventPresenters;

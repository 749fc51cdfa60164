import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services';
import { registerAccountRoutes } from './onboarding/accounts/routes';
import { registerRfiRoutes } from './onboarding/rfis/routes';
import { registerAuthRoutes } from './developers/keys/routes';
import { registerBalancesRoutes } from './wallet/balances/routes';
import { registerDepositsRoutes } from './wallet/deposits/routes';
import { registerTransfersRoutes } from './wallet/transfers/routes';
import { registerFxRoutes } from './wallet/fx/routes';
import { registerBeneficiariesRoutes } from './wallet/beneficiaries/routes';
import { registerPayoutsRoutes } from './wallet/payouts/routes';
import { registerVirtualAccountRoutes } from './wallet/virtual-accounts/routes';
import { registerVirtualAccountApplicationRoutes } from './onboarding/virtual-account-applications/routes';
import { registerOpenApi } from './openapi';
import { registerSimulationRoutes } from './developers/sandbox/routes';
// payment acceptance: intents and attempts
import { registerPaymentIntentRoutes } from './acquiring/payments/routes';
import { routeRegistry } from './registry';
// settlement bank accounts, payment balances, payment payouts.
import { registerBankAccountRoutes } from './acquiring/bank-accounts/routes';
import { registerPaymentBalanceRoutes } from './acquiring/balances/routes';
import { registerPaymentPayoutRoutes } from './acquiring/payouts/routes';
// Acquiring: refunds and settlements.
import { registerRefundsRoutes } from './acquiring/refunds/routes';
import { registerSettlementsRoutes } from './acquiring/settlements/routes';
// Payment terminals: the official clients' payment.terminals.
import { registerTerminalRoutes } from './acquiring/terminals/routes';
// Card issuing: card products and cardholders.
import { registerCardProductRoutes } from './issuing/products/routes';
import { registerCardholderRoutes } from './issuing/cardholders/routes';
import { registerCardRoutes } from './issuing/cards/routes';
// Secure card details: CI6, CI7 and the card iframe page.
import { registerCardSecureRoutes } from './issuing/card-secure/routes';
// Issuing money: issuing balances, issuing transfers, card orders.
import { registerCardOrderRoutes } from './issuing/card-orders/routes';
import { registerIssuingBalanceRoutes } from './issuing/balances/routes';
import { registerIssuingTransferRoutes } from './issuing/transfers/routes';
import { registerIssuingReportRoutes } from './issuing/reports/routes';
// Card transactions: SI2, SI3, clearing, refund, CI22, CI23.
import { registerCardTransactionRoutes } from './issuing/transactions/routes';
// Files: AF6 upload, AF7 download links.
import { registerFilesRoutes } from './onboarding/files/routes';
// Authorization decisions.
import { registerAuthDecisionRoutes } from './issuing/auth-decisions/routes';
// Webhooks: endpoints and deliveries.
import { registerWebhookRoutes } from './developers/webhooks/routes';
// The official clients' card capabilities.
import { registerCardArtRoutes } from './issuing/card-arts/routes';
import { registerMerchantBrandRoutes } from './issuing/merchant-brands/routes';

/** An area's REST-compat module: registers its routes with registerRoute / registerPublicRoute. */
export type RestModule = (app: FastifyInstance, services: AppServices) => void;

/** One module per area; each area adds itself here as it lands. */
export const REST_MODULES: RestModule[] = [
  registerAuthRoutes,
  registerAccountRoutes,
  registerRfiRoutes,
  registerBalancesRoutes,
  registerDepositsRoutes,
  registerTransfersRoutes,
  registerFxRoutes,
  registerBeneficiariesRoutes,
  registerPayoutsRoutes,
  registerVirtualAccountRoutes,
  registerVirtualAccountApplicationRoutes,
  registerSimulationRoutes,
  // Acquiring money: settlement bank accounts, payment balances, payment payouts.
  registerBankAccountRoutes,
  registerPaymentBalanceRoutes,
  registerPaymentPayoutRoutes,
  // Acquiring: refunds and settlements.
  registerRefundsRoutes,
  registerSettlementsRoutes,
  // payment acceptance: intents and attempts
  registerPaymentIntentRoutes,
  // Payment terminals: the official clients' payment.terminals.
  registerTerminalRoutes,
  // Card issuing: card products and cardholders.
  registerCardProductRoutes,
  registerCardholderRoutes,
  registerCardRoutes,
  // Secure card details: CI6, CI7 and the card iframe page.
  registerCardSecureRoutes,
  // Issuing money.
  registerIssuingBalanceRoutes,
  registerIssuingTransferRoutes,
  registerCardOrderRoutes,
  registerCardTransactionRoutes,
  // Issuing reports: CI26, CI27.
  registerIssuingReportRoutes,
  // Files: AF6, AF7.
  registerFilesRoutes,
  // Authorization decisions.
  registerAuthDecisionRoutes,
  // Webhooks.
  registerWebhookRoutes,
  // The official clients' card capabilities.
  registerCardArtRoutes,
  registerMerchantBrandRoutes,
];

export function registerRestCompat(app: FastifyInstance, services: AppServices, extra: RestModule[] = []): void {
  routeRegistry(app);
  for (const register of [...REST_MODULES, ...extra]) register(app, services);
  registerOpenApi(app, services);
}

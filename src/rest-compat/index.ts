import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services';
import { registerAccountRoutes } from './accounts/routes';
import { registerRfiRoutes } from './rfis/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerBalancesRoutes } from './balances/routes';
import { registerDepositsRoutes } from './deposits/routes';
import { registerTransfersRoutes } from './transfers/routes';
import { registerFxRoutes } from './fx/routes';
import { registerBeneficiariesRoutes } from './beneficiaries/routes';
import { registerPayoutsRoutes } from './payouts/routes';
import { registerVirtualAccountRoutes } from './virtual-accounts/routes';
import { registerVirtualAccountApplicationRoutes } from './virtual-account-applications/routes';
import { registerOpenApi } from './openapi';
import { registerSimulationRoutes } from './simulation/routes';
// payment acceptance: intents and attempts
import { registerPaymentIntentRoutes } from './payments/routes';
import { routeRegistry } from './registry';
// settlement bank accounts, payment balances, payment payouts.
import { registerBankAccountRoutes } from './bank-accounts/routes';
import { registerPaymentBalanceRoutes } from './payment-balances/routes';
import { registerPaymentPayoutRoutes } from './payment-payouts/routes';
// Acquiring: refunds and settlements.
import { registerRefundsRoutes } from './refunds/routes';
import { registerSettlementsRoutes } from './settlements/routes';
// Payment terminals: the official clients' payment.terminals.
import { registerTerminalRoutes } from './terminals/routes';
// Card issuing: card products and cardholders.
import { registerCardProductRoutes } from './card-products/routes';
import { registerCardholderRoutes } from './cardholders/routes';
import { registerCardRoutes } from './cards/routes';
// Secure card details: CI6, CI7 and the card iframe page.
import { registerCardSecureRoutes } from './card-secure/routes';
// Issuing money: issuing balances, issuing transfers, card orders.
import { registerCardOrderRoutes } from './card-orders/routes';
import { registerIssuingBalanceRoutes } from './issuing-balances/routes';
import { registerIssuingTransferRoutes } from './issuing-transfers/routes';
import { registerIssuingReportRoutes } from './issuing-reports/routes';
// Card transactions: SI2, SI3, clearing, refund, CI22, CI23.
import { registerCardTransactionRoutes } from './card-transactions/routes';
// Files: AF6 upload, AF7 download links.
import { registerFilesRoutes } from './files/routes';
// Authorization decisions.
import { registerAuthDecisionRoutes } from './auth-decisions/routes';
// Webhooks: endpoints and deliveries.
import { registerWebhookRoutes } from './webhooks/routes';
// The official clients' card capabilities.
import { registerCardArtRoutes } from './card-arts/routes';
import { registerMerchantBrandRoutes } from './merchant-brands/routes';

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

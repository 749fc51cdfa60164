import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { indexMutationSecrets } from './shared/sensitive';
import { AccountResolver } from './onboarding/accounts/resolver';
import { RfisResolver } from './onboarding/rfis/resolver';
import { BalancesResolver } from './wallet/balances/resolver';
import { DepositsResolver } from './wallet/deposits/resolver';
import { TransfersResolver } from './wallet/transfers/resolver';
import { FxResolver } from './wallet/fx/resolver';
import { BeneficiariesResolver } from './wallet/beneficiaries/resolver';
import { PayoutsResolver } from './wallet/payouts/resolver';
import { SimulationResolver } from './developers/sandbox/resolver';
import { VirtualAccountResolver } from './wallet/virtual-accounts/resolver';
import { VirtualAccountApplicationResolver } from './onboarding/virtual-account-applications/resolver';
// settlement bank accounts, payment balances, payment payouts.
import { BankAccountsResolver } from './acquiring/bank-accounts/resolver';
import { PaymentBalancesResolver } from './acquiring/balances/resolver';
import { PaymentPayoutsResolver } from './acquiring/payouts/resolver';
// Acquiring: refunds and settlements.
import { RefundsResolver } from './acquiring/refunds/resolver';
import { SettlementsResolver } from './acquiring/settlements/resolver';
// payment acceptance: intents
import { PaymentIntentsResolver } from './acquiring/payments/resolver';
// Card issuing: card products and cardholders.
import { CardProductsResolver } from './issuing/products/resolver';
import { CardholdersResolver } from './issuing/cardholders/resolver';
import { CardsResolver } from './issuing/cards/resolver';
// Secure card details: CI6, CI7.
import { CardSecureResolver } from './issuing/card-secure/resolver';
// Payment terminals: the official clients' payment.terminals.
import { TerminalsResolver } from './acquiring/terminals/resolver';
// Issuing money.
import { CardOrdersResolver } from './issuing/card-orders/resolver';
import { IssuingBalancesResolver } from './issuing/balances/resolver';
import { IssuingTransfersResolver } from './issuing/transfers/resolver';
import { IssuingReportsResolver } from './issuing/reports/resolver';
import { CardTransactionsResolver } from './issuing/transactions/resolver';
// Files: AF6, AF7.
import { FilesResolver } from './onboarding/files/resolver';
// Authorization decisions.
import { AuthDecisionsResolver } from './issuing/auth-decisions/resolver';
// Live events: the events subscription over graphql-ws.
import { EventsResolver } from './developers/events/resolver';
// Webhooks.
import { WebhooksResolver } from './developers/webhooks/resolver';
// The official clients' card capabilities.
import { CardArtsResolver } from './issuing/card-arts/resolver';
import { MerchantBrandsResolver } from './issuing/merchant-brands/resolver';

/** Every resolver of every area; the schema is exported to schema.graphql by the build. */
export const RESOLVERS = [
  AccountResolver,
  RfisResolver,
  BalancesResolver,
  DepositsResolver,
  TransfersResolver,
  FxResolver,
  BeneficiariesResolver,
  PayoutsResolver,
  SimulationResolver,
  VirtualAccountResolver,
  VirtualAccountApplicationResolver,
  // Acquiring money: settlement bank accounts, payment balances, payment payouts.
  BankAccountsResolver,
  PaymentBalancesResolver,
  PaymentPayoutsResolver,
  // Acquiring: refunds and settlements.
  RefundsResolver,
  SettlementsResolver,
  // payment acceptance: intents
  PaymentIntentsResolver,
  // Payment terminals: the official clients' payment.terminals.
  TerminalsResolver,
  // Card issuing
  CardProductsResolver,
  CardholdersResolver,
  CardsResolver,
  // Secure card details
  CardSecureResolver,
  IssuingBalancesResolver,
  IssuingTransfersResolver,
  CardOrdersResolver,
  CardTransactionsResolver,
  // Issuing reports: CI26, CI27.
  IssuingReportsResolver,
  // Files
  FilesResolver,
  AuthDecisionsResolver,
  // Live events
  EventsResolver,
  // Webhooks
  WebhooksResolver,
  // The official clients' card capabilities.
  CardArtsResolver,
  MerchantBrandsResolver,
] as const;

/**
 * type-graphql refuses a schema with subscriptions unless given a PubSub, even when every
 * subscription brings its own subscribe function, as ours do (events come from the outbox through
 * the process's LiveHub, never from an in-memory topic). This one is never called.
 */
const NO_PUBSUB: PubSub = {
  publish() {
    throw new Error('payrail subscriptions read the outbox; nothing publishes to a PubSub');
  },
  subscribe() {
    throw new Error('payrail subscriptions read the outbox; nothing subscribes to a PubSub');
  },
};

export async function buildGraphQLSchema(): Promise<GraphQLSchema> {
  // Input validation is the domain's job (zod), not class-validator's.
  const schema = await buildSchema({ resolvers: [...RESOLVERS], validate: false, pubSub: NO_PUBSUB });
  indexMutationSecrets(schema);
  return schema;
}

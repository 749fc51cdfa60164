import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { indexMutationSecrets } from './shared/sensitive';
import { AccountResolver } from './accounts/resolver';
import { RfisResolver } from './rfis/resolver';
import { BalancesResolver } from './balances/resolver';
import { DepositsResolver } from './deposits/resolver';
import { TransfersResolver } from './transfers/resolver';
import { FxResolver } from './fx/resolver';
import { BeneficiariesResolver } from './beneficiaries/resolver';
import { PayoutsResolver } from './payouts/resolver';
import { SimulationResolver } from './simulation/resolver';
import { VirtualAccountResolver } from './virtual-accounts/resolver';
import { VirtualAccountApplicationResolver } from './virtual-account-applications/resolver';
// settlement bank accounts, payment balances, payment payouts.
import { BankAccountsResolver } from './bank-accounts/resolver';
import { PaymentBalancesResolver } from './payment-balances/resolver';
import { PaymentPayoutsResolver } from './payment-payouts/resolver';
// Acquiring: refunds and settlements.
import { RefundsResolver } from './refunds/resolver';
import { SettlementsResolver } from './settlements/resolver';
// payment acceptance: intents
import { PaymentIntentsResolver } from './payments/resolver';
// Card issuing: card products and cardholders.
import { CardProductsResolver } from './card-products/resolver';
import { CardholdersResolver } from './cardholders/resolver';
import { CardsResolver } from './cards/resolver';
// Secure card details: CI6, CI7.
import { CardSecureResolver } from './card-secure/resolver';
// Payment terminals: the official clients' payment.terminals.
import { TerminalsResolver } from './terminals/resolver';
// Issuing money.
import { CardOrdersResolver } from './card-orders/resolver';
import { IssuingBalancesResolver } from './issuing-balances/resolver';
import { IssuingTransfersResolver } from './issuing-transfers/resolver';
import { IssuingReportsResolver } from './issuing-reports/resolver';
import { CardTransactionsResolver } from './card-transactions/resolver';
// Files: AF6, AF7.
import { FilesResolver } from './files/resolver';
// Authorization decisions.
import { AuthDecisionsResolver } from './auth-decisions/resolver';
// Live events: the events subscription over graphql-ws.
import { EventsResolver } from './events/resolver';
// Webhooks.
import { WebhooksResolver } from './webhooks/resolver';
// The official clients' card capabilities.
import { CardArtsResolver } from './card-arts/resolver';
import { MerchantBrandsResolver } from './merchant-brands/resolver';

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

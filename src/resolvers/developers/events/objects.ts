import { createUnionType, type ClassType } from 'type-graphql';
import type { EventFacts, PayloadKind, PayloadView } from '../../../domain/event-payloads';
import { Account, toGraphQLAccount } from '../../onboarding/accounts/types';
import { BankAccount, toGraphQLBankAccount } from '../../acquiring/bank-accounts/types';
import { Beneficiary, toGraphQLBeneficiary } from '../../wallet/beneficiaries/types';
import { DefaultCardArt, toGraphQLDefaultCardArt } from '../../issuing/card-arts/types';
import { CardOrder, toGraphQLCardOrder } from '../../issuing/card-orders/types';
import { CardTransaction, toGraphQLCardTransaction } from '../../issuing/transactions/types';
import { Cardholder, toGraphQLCardholder } from '../../issuing/cardholders/types';
import { CardNetworkProtection, toGraphQLNetworkProtection } from '../../issuing/cards/network-protection-types';
import { Card, toGraphQLCard } from '../../issuing/cards/types';
import { Deposit, toGraphQLDeposit } from '../../wallet/deposits/types';
import { Conversion, toGraphQLConversion } from '../../wallet/fx/types';
import { IssuingReportInfo, toGraphQLIssuingReportInfo } from '../../issuing/reports/types';
import { IssuingTransfer, toGraphQLIssuingTransfer } from '../../issuing/transfers/types';
import { PaymentPayout, toGraphQLPaymentPayout } from '../../acquiring/payouts/types';
import { PaymentIntent, toGraphQLPaymentIntent } from '../../acquiring/payments/types';
import { Payout, toGraphQLPayout } from '../../wallet/payouts/types';
import { Refund, toGraphQLRefund } from '../../acquiring/refunds/types';
import { Rfi, toGraphQLRfi } from '../../onboarding/rfis/types';
import { SettlementBatch, toGraphQLSettlementBatch } from '../../acquiring/settlements/types';
import { Terminal, toGraphQLTerminal } from '../../acquiring/terminals/types';
import { Transfer, toGraphQLTransfer } from '../../wallet/transfers/types';
import { VirtualAccountApplication, toGraphQLVirtualAccountApplication } from '../../onboarding/virtual-account-applications/types';
import { VirtualAccount, toGraphQLVirtualAccount } from '../../wallet/virtual-accounts/types';
import { WebhookEndpoint, toGraphQLWebhookEndpoint } from '../webhooks/types';

/**
 * An event is no request: where a mapper puts a request's origin in front of a path (an IDV page,
 * next_action's page, an RFI file's link), the event's object carries the path alone.
 */
const NO_ORIGIN = '';

interface ObjectOf<V> {
  type: ClassType;
  map: (view: V) => object;
}

/** Each kind of stored view as the API's GraphQL object: the same mappers the queries use. */
const EVENT_OBJECTS: { [K in PayloadKind]: ObjectOf<PayloadView<K>> } = {
  account: { type: Account, map: toGraphQLAccount },
  bank_account: { type: BankAccount, map: toGraphQLBankAccount },
  beneficiary: { type: Beneficiary, map: toGraphQLBeneficiary },
  card: { type: Card, map: toGraphQLCard },
  card_network_protection: { type: CardNetworkProtection, map: toGraphQLNetworkProtection },
  card_order: { type: CardOrder, map: toGraphQLCardOrder },
  card_transaction: { type: CardTransaction, map: toGraphQLCardTransaction },
  cardholder: { type: Cardholder, map: toGraphQLCardholder(NO_ORIGIN) },
  conversion: { type: Conversion, map: toGraphQLConversion },
  default_card_art: { type: DefaultCardArt, map: toGraphQLDefaultCardArt },
  deposit: { type: Deposit, map: toGraphQLDeposit },
  issuing_report: { type: IssuingReportInfo, map: toGraphQLIssuingReportInfo },
  issuing_transfer: { type: IssuingTransfer, map: toGraphQLIssuingTransfer },
  payment_intent: { type: PaymentIntent, map: toGraphQLPaymentIntent(NO_ORIGIN) },
  payment_payout: { type: PaymentPayout, map: toGraphQLPaymentPayout },
  payout: { type: Payout, map: toGraphQLPayout },
  refund: { type: Refund, map: toGraphQLRefund },
  rfi: { type: Rfi, map: toGraphQLRfi(NO_ORIGIN) },
  settlement_batch: { type: SettlementBatch, map: toGraphQLSettlementBatch },
  terminal: { type: Terminal, map: toGraphQLTerminal },
  transfer: { type: Transfer, map: toGraphQLTransfer },
  virtual_account: { type: VirtualAccount, map: toGraphQLVirtualAccount },
  virtual_account_application: { type: VirtualAccountApplication, map: toGraphQLVirtualAccountApplication },
  webhook_endpoint: { type: WebhookEndpoint, map: toGraphQLWebhookEndpoint },
};

/** The GraphQL type of each object made here (mapped objects are plain: the union asks this). */
const typeOf = new WeakMap<object, ClassType>();

const MEMBERS = [...new Set(Object.values(EVENT_OBJECTS).map((o) => o.type))] as [ClassType, ...ClassType[]];

export const EventObject = createUnionType({
  name: 'EventObject',
  description: 'The object an event is about, as the queries return it',
  types: () => MEMBERS,
  resolveType: (value) => typeOf.get(value as object),
});

/** A revived event's view as its GraphQL object. */
export function toGraphQLEventObject(facts: EventFacts): object {
  const entry = EVENT_OBJECTS[facts.kind] as ObjectOf<EventFacts['view']>;
  const object = entry.map(facts.view);
  typeOf.set(object, entry.type);
  return object;
}

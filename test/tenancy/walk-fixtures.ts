import { createApiKey } from '../../src/domain/developers/keys/api-keys';
import type { Account } from '../../src/domain/onboarding/accounts/service';
import { Permission } from '../../src/platform/auth/permissions';
import type { TestApp } from '../support/app';
import { clientOf, type Client, type Json, type RestReply } from '../support/client';
import { fundWallet } from '../support/ledger';
import { fundPaymentBalance } from '../support/payment-balance';
import { makeMaster, makeSub, type Tenant } from '../support/tenants';
import { createBankAccount } from '../acquiring/bank-accounts/fixtures';
import { activeCard, authorize, fundIssuing } from '../issuing/transactions/fixtures';
import { createHolder } from '../issuing/cardholders/fixtures';
import { productOf } from '../issuing/cards/fixtures';
import { simulateDeposit } from '../wallet/deposits/fixtures';
import { conversionBody, quote } from '../wallet/fx/fixtures';
import { card, intentBody } from '../acquiring/payments/fixtures';
import { createBeneficiary, createPayout, payoutBody } from '../wallet/payouts/fixtures';
import { subAccountAskedForInformation, rfisOf, uploadedPdf } from '../onboarding/rfis/fixtures';
import { createReport } from '../issuing/reports/fixtures';
import { registered } from '../acquiring/terminals/fixtures';
import { apply, applicationBody } from '../onboarding/virtual-account-applications/fixtures';
import { transferBody } from '../wallet/transfers/fixtures';
import { fanOutAll } from '../developers/webhooks/harness';

/**
 * The tenancy walk's world: one object of every type, owned by a sub-account (Alpha One) of the
 * master Alpha, and the callers that must not reach it: another master (Beta) and the owner's
 * sibling (Alpha Two, through its master's x-on-behalf-of). Objects whose owner is by nature
 * another account (an RFI's sub-account, a transfer between accounts of the tree) say so.
 */
export interface World {
  alpha: Tenant;
  beta: Tenant;
  one: Account;
  two: Account;
  /** Alpha itself (with its x-client-id). */
  master: Client;
  /** Alpha acting for Alpha One: the owner of every object below. */
  owner: Client;
  /** The callers that must see nothing of the owner's. */
  intruders: { name: string; c: Client }[];
  /** The same callers with keys that hold the guarded fields' permissions (secure card details, API keys). */
  secure: { owner: Client; intruders: { name: string; c: Client }[] };
  ids: Ids;
}

export interface Ids {
  account: string;
  beneficiary: string;
  payout: string;
  deposit: string;
  conversion: string;
  transfer: string;
  paymentIntent: string;
  paymentAttempt: string;
  refund: string;
  /** An intent captured with the settled-at-once test card: it has a settlement item. */
  settledIntent: string;
  bankAccount: string;
  paymentPayout: string;
  cardholder: string;
  card: string;
  cardOrder: string;
  cardTransaction: string;
  /** A card product of Alpha's tree (the catalogue is per tree). */
  cardProduct: string;
  issuingTransfer: string;
  issuingReport: string;
  virtualAccountApplication: string;
  rfi: string;
  /** The RFI's owner: a sub-account of Alpha asked for information (the owner's client acts for it). */
  rfiOwner: string;
  terminal: string;
  file: string;
  webhookEndpoint: string;
  webhookDelivery: string;
  /** An API key of the owner's account (Alpha One). */
  apiKey: string;
}

function ok(res: RestReply, what: string): Json {
  if (res.status !== 200) throw new Error(`${what} failed: ${res.status} ${res.raw}`);
  return res.body;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const alpha = await makeMaster(t.services, { name: 'Alpha' });
  const beta = await makeMaster(t.services, { name: 'Beta' });
  const one = await makeSub(t.services, alpha, 'Alpha One');
  const two = await makeSub(t.services, alpha, 'Alpha Two');
  // Every client sends its own x-client-id, as the official clients do on /v2.
  const a = (await clientOf(t, alpha)).withHeaders({ 'x-client-id': alpha.clientId });
  const b = (await clientOf(t, beta)).withHeaders({ 'x-client-id': beta.clientId });
  const owner = a.as(one.id);
  const intruders = [
    { name: 'another master', c: b },
    { name: 'a sibling sub-account', c: a.as(two.id) },
  ];

  const withSecure = async (tenant: Tenant) =>
    clientOf(t, await createApiKey(t.services, { accountId: tenant.account.id, permissions: [Permission.SensitiveCardDetails, Permission.ManageApiKeys] }));
  const aSecure = await withSecure(alpha);
  const secure = { owner: aSecure.as(one.id), intruders: [{ name: 'another master', c: await withSecure(beta) }, { name: 'a sibling sub-account', c: aSecure.as(two.id) }] };

  const beneficiary = await createBeneficiary(owner);
  await fundWallet(t.services, one.id, 'USD', '5000.00');
  const payout = await createPayout(owner, payoutBody(beneficiary));
  const deposit = (await simulateDeposit(owner)).deposit_id;
  const q = await quote(owner, { sell_amount: '10.00' });
  const conversion = ok(await owner.post('/v1/conversion', conversionBody(q)), 'conversion').conversion_id as string;
  const transfer = ok(await a.post('/v1/transfer', transferBody(one.id, alpha.account.id)), 'transfer').transfer_id as string;

  const intent = ok(await owner.post('/v2/payment_intents/create', intentBody()), 'intent').payment_intent_id as string;
  const confirmed = ok(await owner.post(`/v2/payment_intents/${intent}/confirm`, card()), 'confirm');
  // The sandbox's settled-at-once card: a settlement item without waiting for the daily cut.
  const settled = ok(await owner.post('/v2/payment_intents/create', intentBody({ merchant_order_id: 'order-settled' })), 'intent').payment_intent_id as string;
  ok(await owner.post(`/v2/payment_intents/${settled}/confirm`, card('4000000000000077')), 'confirm');
  const refund = ok(await owner.post('/v2/payment/refunds', { payment_intent_id: intent, amount: '10.00', reason: 'requested_by_customer' }), 'refund').payment_refund_id as string;
  const bankAccount = await createBankAccount(owner, 'USD_US');
  await fundPaymentBalance(t.services, one.id, 'USD', '500.00');
  const paymentPayout = ok(await owner.post('/v2/payment/payout/create', { payout_currency: 'USD', payout_amount: '100.00', statement_descriptor: 'PAYRAIL PAYOUT' }), 'payment payout').payout_id as string;

  const cardholder = (await createHolder(owner)).cardholder_id as string;
  // A SINGLE card (BIN 491090): one that takes recharges, so it has a card order.
  const { cardId } = await activeCard(t, owner, '500.00', { card_limit: 10 }, '491090');
  const cardOrder = ok(await owner.post(`/v1/issuing/cards/${cardId}/recharge`, { amount: 5 }), 'recharge').card_order_id as string;
  const cardTransaction = (await authorize(owner, cardId)).transaction_id as string;
  await fundIssuing(t, a, alpha.account.id, 'USD', '100.00');
  const issuingTransfer = ok(
    await a.post('/v1/issuing/transfers', { source_account_id: alpha.account.id, destination_account_id: one.id, currency: 'USD', amount: 5, remark: 'float' }),
    'issuing transfer',
  ).transfer_id as string;
  const issuingReport = await createReport(owner, 'TRANSACTION', '2026-11-01T00:00:00Z', '2026-11-30T00:00:00Z');
  const virtualAccountApplication = (await apply(owner, applicationBody())).application_id;
  const rfiOwner = await subAccountAskedForInformation(a);
  const [rfi] = await rfisOf(a.as(rfiOwner));
  const terminal = (await registered(owner)).terminal_id as string;
  const file = await uploadedPdf(owner);
  const webhookEndpoint = ok(await owner.post('/v1/webhooks/endpoints', { url: 'https://hooks.example/payrail' }), 'endpoint').webhook_endpoint_id as string;
  await simulateDeposit(owner);
  // Routed, never sent: the walk runs no dispatch.
  await fanOutAll(t);
  const apiKey = (await createApiKey(t.services, { accountId: one.id })).record.id;
  const [delivery] = ok(await owner.get('/v1/webhooks/deliveries', { page_number: 1, page_size: 1 }), 'deliveries').data as Json[];

  return {
    alpha,
    beta,
    one,
    two,
    master: a,
    owner,
    intruders,
    secure,
    ids: {
      account: one.id,
      beneficiary,
      payout,
      deposit,
      conversion,
      transfer,
      paymentIntent: intent,
      paymentAttempt: confirmed.latest_payment_attempt.attempt_id as string,
      refund,
      settledIntent: settled,
      bankAccount,
      paymentPayout,
      cardholder,
      card: cardId,
      cardOrder,
      cardTransaction,
      cardProduct: await productOf(owner, '491090'),
      issuingTransfer,
      issuingReport,
      virtualAccountApplication,
      rfi: rfi!.rfi_id,
      rfiOwner,
      terminal,
      file,
      webhookEndpoint,
      webhookDelivery: delivery!.webhook_delivery_id as string,
      apiKey,
    },
  };
}

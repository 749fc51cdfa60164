import { Prisma, type PaymentAttempt, type PaymentIntent } from '../../../generated/prisma/client';
import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import { newId } from '../../../platform/ids/ids';
import { checkPrecision, money } from '../../../platform/money/amount';
import { parseInput, requiredField } from '../../../platform/validation/validate';
import type { WriteSet } from '../../../platform/writes/write-set';
import { z } from 'zod';
import { requireSandbox } from '../../developers/sandbox/capabilities';
import { settlementAtOnceFor } from './at-once';
import { captureFits } from './capture-cap';
import { checkCard } from './cards/card-check';
import { paymentErrors } from './errors';
import { addIntentEvent } from './events';
import { addAuthorized, addCancelled, addCapture, addChallenge, addDeclined, type Current } from './transitions';
import { findAttempt, findIntent, type IntentWithAttempt } from './queries';
import { insertRow, replaceRow } from './store';
import {
  allows,
  cancelIntentCommand,
  captureIntentCommand,
  CLIENT_SECRET_TTL_MS,
  confirmIntentCommand,
  createIntentCommand,
  MONEY_FIXED_FROM,
  updateIntentCommand,
  type ConfirmIntentCommand,
  type IntentOperation,
  type IntentStatus,
} from './rules';
import { requireReturnUrlsFor } from './return-url';
import { paymentKey, sameText } from './secrets';
import { storedJson } from './stored';
import { challengePath, clientSecretOf, threeDsData } from './three-ds';
import { toPaymentAttemptView, toPaymentIntentView } from './view';
import { quotedField } from '../../../platform/errors/field-names';

const dec = (v: { toFixed(): string }) => new Prisma.Decimal(v.toFixed());
const THREE_DS_RETURN_URL = 'paymentMethod.card.threeDs.returnUrl';
/** A free-form map (metadata, customer), stored as sent. */
const json = (v: unknown) => (v === undefined ? null : (v as Prisma.JsonObject));
/** billing, payment_orders, browser_info: stored in their wire names (stored.ts). */
const wireJson = (v: unknown) => (v === undefined ? null : (storedJson(v) as Prisma.JsonObject));

const present = (cur: Current, clientSecret: string | null = null): IntentWithAttempt => ({
  intent: toPaymentIntentView(cur.intent, clientSecret),
  latestAttempt: cur.attempt ? toPaymentAttemptView(cur.attempt) : null,
});

/** The intent and its latest attempt as read now; unknown ids answer as not found. */
async function readCurrent(ctx: RequestContext, id: string): Promise<Current> {
  const intent = await findIntent(ctx, id);
  if (!intent) throw paymentErrors.intentNotFound();
  return { intent, attempt: await findAttempt(ctx, intent.latestAttemptId) };
}

function requireState(intent: PaymentIntent, op: IntentOperation): void {
  const status = intent.status as IntentStatus;
  if (!allows(status, op)) throw paymentErrors.stateDisallows(op, status);
}

/**
 * PA1: a new intent, REQUIRES_PAYMENT_METHOD, with a client_secret valid 60 minutes. With a
 * payment_method it is confirmed in the same commit, as the provider documents ("confirmed
 * automatically when payment_method is set"): the answer is the confirmed intent.
 */
export async function createPaymentIntent(ctx: RequestContext, raw: unknown): Promise<IntentWithAttempt> {
  const req = parseInput(createIntentCommand, raw);
  requireReturnUrlsFor(ctx.acting, { returnUrl: req.returnUrl, [THREE_DS_RETURN_URL]: req.paymentMethod?.card.threeDs?.returnUrl });
  const key = await paymentKey(ctx.db);
  return ctx.commit(async ({ writes }) => {
    const now = ctx.clock.now();
    const intent: PaymentIntent = {
      id: newId(),
      accountId: ctx.acting.id,
      status: 'REQUIRES_PAYMENT_METHOD',
      amount: dec(req.amount),
      currency: req.currency,
      capturedAmount: new Prisma.Decimal(0),
      description: req.description,
      merchantOrderId: req.merchantOrderId,
      metadata: json(req.metadata),
      returnUrl: req.returnUrl,
      availablePaymentMethodTypes: ['card'],
      customer: json(req.customer),
      customerId: req.customerId ?? null,
      paymentOrders: wireJson(req.paymentOrders),
      ipAddress: req.ipAddress ?? null,
      browserInfo: wireJson(req.browserInfo),
      clientSecretExpiresAt: new Date(now.getTime() + CLIENT_SECRET_TTL_MS),
      nextAction: null,
      latestAttemptId: null,
      cancellationReason: null,
      cancelledAt: null,
      completedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    insertRow(writes, 'payment_intents', intent);
    addIntentEvent(writes, intent, null, 'payment_intent.create.succeeded', now);
    const created: Current = { intent, attempt: null };
    const next = req.paymentMethod ? await addConfirmation(ctx, writes, created, { paymentMethod: req.paymentMethod }, key, now) : created;
    return present(next, clientSecretOf(key, intent.id, intent.clientSecretExpiresAt));
  });
}

/**
 * PA2, with the client_secret (spec 2.1). Once the secret has expired the retrieve issues a fresh
 * one, valid 60 minutes from now: the merchant's server (which holds API credentials) is how a
 * browser gets a working secret again; the old one stays refused.
 */
export async function getPaymentIntent(ctx: RequestContext, id: string): Promise<IntentWithAttempt> {
  const cur = await readCurrent(ctx, id);
  const key = await paymentKey(ctx.db);
  const now = ctx.clock.now();
  let expiresAt = cur.intent.clientSecretExpiresAt;
  if (expiresAt <= now) {
    const fresh = new Date(now.getTime() + CLIENT_SECRET_TTL_MS);
    // Two retrieves at once agree on one fresh secret: only the first moves the expiry.
    const { count } = await ctx.db.prisma.paymentIntent.updateMany({ where: { id: cur.intent.id, clientSecretExpiresAt: expiresAt }, data: { clientSecretExpiresAt: fresh } });
    expiresAt = count === 1 ? fresh : (await findIntent(ctx, id))!.clientSecretExpiresAt;
  }
  return present({ ...cur, intent: { ...cur.intent, clientSecretExpiresAt: expiresAt } }, clientSecretOf(key, cur.intent.id, expiresAt));
}

/** PA3 (spec 4.1). Amount and currency are fixed once a card was confirmed for them. */
export async function updatePaymentIntent(ctx: RequestContext, id: string, raw: unknown): Promise<IntentWithAttempt> {
  const req = parseInput(updateIntentCommand, raw);
  requireReturnUrlsFor(ctx.acting, { returnUrl: req.returnUrl });
  return ctx.commit(async ({ writes }) => {
    const cur = await readCurrent(ctx, id);
    const was = cur.intent;
    requireState(was, 'update');
    const status = was.status as IntentStatus;
    if (MONEY_FIXED_FROM.includes(status)) {
      if (req.amount && !req.amount.eq(money(was.amount))) throw paymentErrors.moneyFixed('amount', status);
      if (req.currency && req.currency !== was.currency) throw paymentErrors.moneyFixed('currency', status);
    }
    const currency = req.currency ?? was.currency;
    const amount = req.amount ?? money(was.amount);
    parseInput(z.object({}).superRefine((_, c) => checkPrecision(c, amount, currency, 'amount')), {});
    const now = ctx.clock.now();
    const intent: PaymentIntent = {
      ...was,
      amount: dec(amount),
      currency,
      ...(req.merchantOrderId !== undefined ? { merchantOrderId: req.merchantOrderId } : {}),
      ...(req.description !== undefined ? { description: req.description } : {}),
      ...(req.returnUrl !== undefined ? { returnUrl: req.returnUrl } : {}),
      ...(req.metadata !== undefined ? { metadata: json(req.metadata) } : {}),
      ...(req.paymentOrders !== undefined ? { paymentOrders: wireJson(req.paymentOrders) } : {}),
      // Spec 4.1: customer_id and the customer object exclude each other; sending one clears the other.
      ...(req.customerId !== undefined ? { customerId: req.customerId, customer: null } : {}),
      ...(req.customer !== undefined ? { customer: json(req.customer), customerId: null } : {}),
      updatedAt: now,
    };
    replaceRow(writes, 'payment_intents', intent, was);
    addIntentEvent(writes, intent, cur.attempt, 'payment_intent.update.succeeded', now);
    return present({ intent, attempt: cur.attempt });
  });
}

/** What a confirm carries: PA4's body, or PA1's payment_method (with the intent's own ip and browser). */
type Confirmation = Pick<ConfirmIntentCommand, 'paymentMethod' | 'ipAddress' | 'browserInfo' | 'returnUrl'>;

/**
 * `three_ds_action: enforce_3ds` needs what a 3-D Secure server needs of the customer (the
 * provider's rule): the IP address and the browser, sent now or when the intent was created.
 */
function requireThreeDsContext(intent: PaymentIntent, req: Confirmation): void {
  if (req.paymentMethod.card.threeDsAction !== 'enforce_3ds') return;
  const why = `is required when ${quotedField('paymentMethod.card.threeDsAction')} is enforce_3ds`;
  if (!intent.ipAddress) throw requiredField('ipAddress', `Field ${quotedField('ipAddress')} ${why}`);
  if (!intent.browserInfo) throw requiredField('browserInfo', `Field ${quotedField('browserInfo')} ${why}`);
}

/**
 * The confirmation of an intent, into `writes`: refuses a production account (no acquirer is
 * configured), checks the card, records an attempt and asks the sandbox network (cards/test-cards.ts,
 * as three_ds_action changes it): authorized (then captured at once unless auto_capture is false or
 * it is a pre-authorization), declined, or a 3-D Secure challenge. Everything commits together,
 * the capture's posting included.
 */
async function addConfirmation(ctx: RequestContext, writes: WriteSet, cur: Current, req: Confirmation, key: Buffer, now: Date): Promise<Current> {
  requireSandbox(ctx.acting, 'test_card_acquirer', paymentErrors.noAcquirer);
  const card = checkCard(req.paymentMethod.card, now, key);
  const returnUrl = req.returnUrl ?? cur.intent.returnUrl;
  const intent: PaymentIntent = {
    ...cur.intent,
    returnUrl,
    ipAddress: req.ipAddress ?? cur.intent.ipAddress,
    browserInfo: req.browserInfo ? wireJson(req.browserInfo) : cur.intent.browserInfo,
  };
  requireThreeDsContext(intent, req);
  const frictionless = card.outcome.kind === 'three_ds_frictionless';
  const attempt: PaymentAttempt = {
    id: newId(),
    accountId: ctx.acting.id,
    paymentIntentId: cur.intent.id,
    status: 'INITIATED',
    amount: cur.intent.amount,
    currency: cur.intent.currency,
    capturedAmount: new Prisma.Decimal(0),
    refundedAmount: new Prisma.Decimal(0),
    paymentMethodType: 'card',
    card: {
      card_name: card.cardName,
      card_number: card.cardNumber,
      network: card.network,
      brand: card.brand,
      bin: card.bin,
      last4: card.last4,
      card_type: card.cardType,
      expiry_month: card.expiryMonth,
      expiry_year: card.expiryYear,
      authorization_type: card.authorizationType,
      auto_capture: card.autoCapture,
      billing: card.billing && wireJson(card.billing),
    },
    cardFingerprint: card.fingerprint,
    authenticationData: {
      cvv_result: card.cvvResult,
      avs_result: card.avsResult,
      three_ds: frictionless ? threeDsData('frictionless') : card.outcome.kind === 'three_ds_challenge' ? threeDsData('challenge_pending') : null,
    },
    failureCode: null,
    cancellationReason: null,
    authCode: null,
    arn: null,
    rrn: null,
    adviceCode: null,
    completedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  // The attempt goes in as INITIATED; the outcome below writes it on to its state.
  insertRow(writes, 'payment_attempts', attempt);
  const was: Current = { intent, attempt };
  const outcome = card.outcome;
  if (outcome.kind === 'decline') return addDeclined(writes, was, attempt, outcome, now);
  if (outcome.kind === 'three_ds_challenge') {
    // The customer comes back from the challenge page to three_ds.return_url when the caller gave one.
    const back = req.paymentMethod.card.threeDs?.returnUrl ?? returnUrl;
    if (!back) throw paymentErrors.cardRefused('returnUrl', 'a return_url is required for 3-D Secure');
    return addChallenge(writes, was, attempt, challengePath(key, attempt.id), back, now);
  }
  const atOnce = card.autoCapture ? await settlementAtOnceFor(ctx.db.prisma, { accountId: ctx.acting.id, isSandbox: ctx.acting.isSandbox, card: attempt.card, currency: intent.currency, now }) : undefined;
  return addAuthorized(writes, was, attempt, card.autoCapture, rootOf(ctx.acting), now, atOnce);
}

/** PA4: confirms with a card (addConfirmation); a browser-side call proves itself with the client_secret. */
export async function confirmPaymentIntent(ctx: RequestContext, id: string, raw: unknown): Promise<IntentWithAttempt> {
  const req = parseInput(confirmIntentCommand, raw);
  requireReturnUrlsFor(ctx.acting, { returnUrl: req.returnUrl, [THREE_DS_RETURN_URL]: req.paymentMethod.card.threeDs?.returnUrl });
  const key = await paymentKey(ctx.db);
  return ctx.commit(async ({ writes }) => {
    const now = ctx.clock.now();
    const cur = await readCurrent(ctx, id);
    requireState(cur.intent, 'confirm');
    if (req.clientSecret !== undefined) {
      if (!sameText(req.clientSecret, clientSecretOf(key, cur.intent.id, cur.intent.clientSecretExpiresAt))) throw paymentErrors.clientSecretInvalid();
      if (cur.intent.clientSecretExpiresAt <= now) throw paymentErrors.clientSecretExpired();
    }
    return present(await addConfirmation(ctx, writes, cur, req, key, now));
  });
}

/** PA5 (spec 4.2): captures amount_to_capture (at most the authorized amount) or all of it. */
export async function capturePaymentIntent(ctx: RequestContext, id: string, raw: unknown): Promise<IntentWithAttempt> {
  const req = parseInput(captureIntentCommand, raw);
  return ctx.commit(async ({ writes }) => {
    const cur = await readCurrent(ctx, id);
    requireState(cur.intent, 'capture');
    const attempt = cur.attempt!;
    const authorized = money(attempt.amount);
    const amount = req.amountToCapture ?? authorized;
    parseInput(z.object({}).superRefine((_, c) => checkPrecision(c, amount, cur.intent.currency, 'amountToCapture')), {});
    if (!captureFits({ authorized, amount })) throw paymentErrors.captureTooLarge(toPaymentAttemptView(attempt).amount);
    const now = ctx.clock.now();
    const atOnce = await settlementAtOnceFor(ctx.db.prisma, { accountId: ctx.acting.id, isSandbox: ctx.acting.isSandbox, card: attempt.card, currency: cur.intent.currency, now });
    return present(addCapture(writes, cur, amount, rootOf(ctx.acting), now, atOnce));
  });
}

/** PA6: CANCELLED; an authorization is released with it, a pending challenge ends. */
export async function cancelPaymentIntent(ctx: RequestContext, id: string, raw: unknown): Promise<IntentWithAttempt> {
  const req = parseInput(cancelIntentCommand, raw ?? {});
  return ctx.commit(async ({ writes }) => {
    const cur = await readCurrent(ctx, id);
    requireState(cur.intent, 'cancel');
    return present(addCancelled(writes, cur, req.cancellationReason ?? null, ctx.clock.now()));
  });
}

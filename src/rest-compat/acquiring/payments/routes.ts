import type { FastifyInstance } from 'fastify';
import { linkOrigin } from '../../../platform/runtime/public-origin';
import { getPaymentAttempt, paymentAttemptList, paymentIntentListWithAttempts, type IntentWithAttempt } from '../../../domain/acquiring/payments/queries';
import {
  cancelPaymentIntent,
  capturePaymentIntent,
  confirmPaymentIntent,
  createPaymentIntent,
  getPaymentIntent,
  updatePaymentIntent,
} from '../../../domain/acquiring/payments/service';
import type { AppServices } from '../../../services';
import { registerRoute, type RestInput } from '../../route';
import { listRoute } from '../../shared/list';
import { registerChallengePage } from './challenge-page';
import { toRestPaymentAttempt, toRestPaymentIntent } from './present';
import { restPaymentAttempt, restPaymentIntent } from './schemas';
import {
  cancelIntentWire,
  captureIntentWire,
  CARD_SPELLINGS,
  confirmIntentWire,
  createIntentWire,
  paymentAttemptFilterWire,
  paymentIntentFilterWire,
  updateIntentWire,
} from './wire';

/**
 * PA1-PA7, PA12, PA13 (account-center family, /v2). Every /v2 call requires x-client-id (the
 * spec requires it on PA3/PA5 and the official client sends it on every /v2 call);
 * x-idempotency-key is required where the catalogue marks I (PA3, PA5), optional elsewhere.
 */
export function registerPaymentIntentRoutes(app: FastifyInstance, services: AppServices): void {
  const base = { family: 'account_center', tag: 'payments', clientId: 'required' } as const;
  // The 3-D Secure page's link (next_action) is built on payrail's public origin.
  const originOf = linkOrigin(services.config);
  const intent = (work: (ctx: Parameters<typeof createPaymentIntent>[0], input: RestInput) => Promise<IntentWithAttempt>) =>
    async (ctx: Parameters<typeof createPaymentIntent>[0], input: RestInput) => ({ body: toRestPaymentIntent(await work(ctx, input), originOf(input.request)) });

  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v2/payment_intents/create',
    summary: 'Create a PaymentIntent (confirmed at once when payment_method is sent; its card also as number/exp_month/exp_year)',
    body: createIntentWire.schema,
    names: createIntentWire.names,
    aliases: CARD_SPELLINGS,
    response: restPaymentIntent,
    handler: intent((ctx, { body }) => createPaymentIntent(ctx, createIntentWire.toCommand(body))),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment_intents',
    summary: 'List PaymentIntents, newest first',
    ...listRoute(paymentIntentListWithAttempts, (v, input) => toRestPaymentIntent(v, originOf(input.request)), restPaymentIntent, paymentIntentFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment_intents/:id',
    summary: 'Retrieve a PaymentIntent (with a client_secret; a fresh one once the last has expired)',
    response: restPaymentIntent,
    handler: intent((ctx, { params }) => getPaymentIntent(ctx, params.id ?? '')),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v2/payment_intents/:id',
    summary: 'Update a PaymentIntent',
    idempotency: 'required',
    body: updateIntentWire.schema,
    names: updateIntentWire.names,
    response: restPaymentIntent,
    handler: intent((ctx, { params, body }) => updatePaymentIntent(ctx, params.id ?? '', updateIntentWire.toCommand(body))),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v2/payment_intents/:id/confirm',
    summary: 'Confirm a PaymentIntent with a card (sandbox test cards decide the outcome; the card also as number/exp_month/exp_year)',
    body: confirmIntentWire.schema,
    names: confirmIntentWire.names,
    aliases: CARD_SPELLINGS,
    response: restPaymentIntent,
    handler: intent((ctx, { params, body }) => confirmPaymentIntent(ctx, params.id ?? '', confirmIntentWire.toCommand(body))),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v2/payment_intents/:id/capture',
    summary: 'Capture a PaymentIntent (all, or amount_to_capture)',
    idempotency: 'required',
    body: captureIntentWire.schema,
    names: captureIntentWire.names,
    response: restPaymentIntent,
    handler: intent((ctx, { params, body }) => capturePaymentIntent(ctx, params.id ?? '', captureIntentWire.toCommand(body ?? {}))),
  });
  registerRoute(app, services, {
    ...base,
    method: 'POST',
    path: '/v2/payment_intents/:id/cancel',
    summary: 'Cancel a PaymentIntent',
    body: cancelIntentWire.schema,
    names: cancelIntentWire.names,
    response: restPaymentIntent,
    handler: intent((ctx, { params, body }) => cancelPaymentIntent(ctx, params.id ?? '', cancelIntentWire.toCommand(body ?? {}))),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment/payment_attempts',
    summary: 'List payment attempts, newest first',
    ...listRoute(paymentAttemptList, toRestPaymentAttempt, restPaymentAttempt, paymentAttemptFilterWire),
  });
  registerRoute(app, services, {
    ...base,
    method: 'GET',
    path: '/v2/payment/payment_attempts/:id',
    summary: 'Retrieve a payment attempt',
    response: restPaymentAttempt,
    handler: async (ctx, { params }) => ({ body: toRestPaymentAttempt(await getPaymentAttempt(ctx, params.id ?? '')) }),
  });
  registerChallengePage(app, services);
}

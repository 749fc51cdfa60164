import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import type { IntentOperation, IntentStatus } from './rules';
import { quotedField } from '../../../platform/errors/field-names';

const badRequest = <C extends string>(code: C, message: string, field?: string) =>
  new DomainError({
    code,
    message,
    status: 400,
    kind: field ? 'validation' : 'business',
    ...(field ? { field } : {}),
  });

/**
 * Payment-intent errors (account-center family, catalogue PA1-PA7, PA12, PA13). The specification
 * gives no text for them; the messages are payrail's and stable.
 */
export const paymentErrors = defineErrors('payments', 'account_center', {
  /** An unknown, malformed or other tenant's id alike (the family keeps 404 for unknown paths). */
  intentNotFound: () =>
    new DomainError({
      code: 'payment_intent_not_found',
      message: 'payment intent not found',
      status: 400,
      kind: 'not_found',
    }),

  attemptNotFound: () =>
    new DomainError({
      code: 'payment_attempt_not_found',
      message: 'payment attempt not found',
      status: 400,
      kind: 'not_found',
    }),

  /** An operation the intent's state does not allow (spec 3.1): the message names the state. */
  stateDisallows: (op: IntentOperation, status: IntentStatus) =>
    badRequest('payment_intent_unexpected_state', `You cannot ${op} this PaymentIntent because its intent_status is ${status}`),

  /** Amount or currency changed after a card was confirmed for them. */
  moneyFixed: (field: 'amount' | 'currency', status: IntentStatus) =>
    badRequest('payment_intent_unexpected_state', `Invalid value for field ${quotedField(field)}: it cannot change while intent_status is ${status}`, field),

  captureTooLarge: (authorized: string) =>
    badRequest('amount_too_large', `Invalid value for field ${quotedField('amountToCapture')}: must not exceed the authorized amount ${authorized}`, 'amountToCapture'),

  clientSecretInvalid: () => badRequest('client_secret_invalid', `Invalid value for field ${quotedField('clientSecret')}: it does not belong to this PaymentIntent`, 'clientSecret'),

  clientSecretExpired: () =>
    badRequest('client_secret_expired', `Invalid value for field ${quotedField('clientSecret')}: it has expired; retrieve the PaymentIntent for a fresh one`, 'clientSecret'),

  cardRefused: (field: string, rule: string) => badRequest('invalid_card', `Invalid value for field ${quotedField(field)}: ${rule}`, field),

  /**
   * A card confirmation on a production account: payrail's only card network is the sandbox's
   * test-card network, and answering with its simulated success would report money that no
   * acquirer ever moved (sandbox/capabilities.ts).
   */
  noAcquirer: () =>
    badRequest('card_acquirer_not_configured', 'No card acquirer is configured for this account: card payments are simulated for sandbox accounts only'),

  /** The 3-D Secure page's link is unknown, already used, or its attempt moved on. */
  challengeUnavailable: () =>
    new DomainError({
      code: 'challenge_unavailable',
      message: 'This authentication link is no longer valid',
      status: 400,
      kind: 'not_found',
    }),
});

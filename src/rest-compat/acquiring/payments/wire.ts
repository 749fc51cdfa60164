import {
  cancelIntentCommand,
  captureIntentCommand,
  confirmIntentCommand,
  createIntentCommand,
  updateIntentCommand,
} from '../../../domain/acquiring/payments/rules';
import { paymentAttemptFilter, paymentIntentFilter } from '../../../domain/acquiring/payments/queries';
import type { Aliases } from '../../shared/aliases';
import { wireCommand } from '../../shared/command';

/**
 * `payment_method.card` reaches the REST door in two spellings: the official clients' names
 * (`card_number`, `expiry_month`, `expiry_year`) and the provider's own tool examples'
 * (`number`, `exp_month`, `exp_year`). The door reads the second as the first (PA1, PA4).
 */
export const CARD_SPELLINGS: Aliases = {
  at: ['payment_method', 'card'],
  names: { number: 'card_number', exp_month: 'expiry_month', exp_year: 'expiry_year' },
};

/**
 * The members holding objects: snake_case at every depth on the wire, and inside them, as at the
 * top, the official clients send "" or null for optional members they do not use.
 */
const DEEP = ['paymentMethod', 'browserInfo', 'paymentOrders'];

/** PA1's body. */
export const createIntentWire = wireCommand(createIntentCommand, {
  deep: DEEP,
  blankIsAbsent: ['ipAddress', 'browserInfo', 'paymentMethod', 'customer', 'customerId', 'paymentOrders', 'metadata'],
});

/** PA3's body: every member optional. */
export const updateIntentWire = wireCommand(updateIntentCommand, {
  deep: DEEP,
  blankIsAbsent: ['amount', 'currency', 'merchantOrderId', 'description', 'returnUrl', 'customer', 'customerId', 'paymentOrders', 'metadata'],
});

/** PA4's body. */
export const confirmIntentWire = wireCommand(confirmIntentCommand, {
  deep: DEEP,
  blankIsAbsent: ['ipAddress', 'browserInfo', 'returnUrl', 'clientSecret'],
});

/** PA5's body. */
export const captureIntentWire = wireCommand(captureIntentCommand, { blankIsAbsent: ['amountToCapture'] });

/** PA6's body. */
export const cancelIntentWire = wireCommand(cancelIntentCommand, { blankIsAbsent: ['cancellationReason'] });

/** PA7's query string: the status is `intent_status` on the wire. */
export const paymentIntentFilterWire = wireCommand(paymentIntentFilter, { names: { status: 'intent_status' } });

/** PA12's query string: the status is `attempt_status` on the wire. */
export const paymentAttemptFilterWire = wireCommand(paymentAttemptFilter, { names: { status: 'attempt_status' } });

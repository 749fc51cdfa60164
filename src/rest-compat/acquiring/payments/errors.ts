import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { paymentErrors } from '../../../domain/acquiring/payments/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  amount_too_large: accountCenter400,
  card_acquirer_not_configured: accountCenter400,
  challenge_unavailable: accountCenter400,
  client_secret_expired: accountCenter400,
  client_secret_invalid: accountCenter400,
  invalid_card: accountCenter400,
  payment_attempt_not_found: accountCenter400,
  payment_intent_not_found: accountCenter400,
  payment_intent_unexpected_state: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof paymentErrors>>;

export const paymentEnvelopes = envelopesOf(paymentErrors, table);

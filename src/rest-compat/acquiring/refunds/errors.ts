import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { refundErrors } from '../../../domain/acquiring/refunds/errors';
import { accountCenter400, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire: each a 400 with its message (spec 7.1). */
const table = {
  insufficient_payment_balance: accountCenter400,
  payment_attempt_not_refundable: accountCenter400,
  payment_intent_not_found: accountCenter400,
  payment_intent_not_refundable: accountCenter400,
  refund_exceeds_captured_amount: accountCenter400,
  refund_not_found: accountCenter400,
} satisfies EnvelopeTable<ErrorCodeOf<typeof refundErrors>>;

export const refundEnvelopes = envelopesOf(refundErrors, table);

import { z } from 'zod';
import { REFUND_STATUSES } from '../../../domain/acquiring/refunds/rules';
import { currency, dateTime, decimalString, oneOf, uuid } from '../../shared/wire';

/** Refund (spec 2.4; catalogue PA8-PA10), with payrail's payment_intent_id and failure_reason. */
export const restRefund = z
  .object({
    payment_refund_id: uuid,
    payment_intent_id: uuid,
    payment_attempt_id: uuid,
    amount: decimalString,
    currency,
    refund_status: oneOf(REFUND_STATUSES),
    create_time: dateTime,
    update_time: dateTime,
    reason: z.string(),
    metadata: z.record(z.string(), z.unknown()).nullable(),
    failure_reason: z.string().nullable().describe('why a FAILED refund failed'),
  })
  .meta({ id: 'Refund' });

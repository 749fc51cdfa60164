import type { z } from 'zod';
import type { RefundView } from '../../../domain/acquiring/refunds/view';
import { iso } from '../../shared/wire';
import type { restRefund } from './schemas';

export const toRestRefund = (r: RefundView): z.input<typeof restRefund> => ({
  payment_refund_id: r.id,
  payment_intent_id: r.paymentIntentId,
  payment_attempt_id: r.paymentAttemptId,
  amount: r.amount,
  currency: r.currency,
  refund_status: r.status,
  create_time: iso(r.createdAt),
  update_time: iso(r.updatedAt),
  reason: r.reason,
  metadata: r.metadata,
  failure_reason: r.failureReason,
});

import type { Refund } from '../../../generated/prisma/client';
import { formatStoredAmount } from '../../../platform/money/amount';
import type { RefundStatus } from './rules';

/** A refund as both doors present it (spec 2.4, catalogue PA8-PA10). */
export interface RefundView {
  id: string;
  paymentIntentId: string;
  paymentAttemptId: string;
  merchantOrderId: string;
  amount: string;
  currency: string;
  status: RefundStatus;
  reason: string;
  metadata: Record<string, unknown> | null;
  failureReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

export const toRefundView = (r: Refund): RefundView => ({
  id: r.id,
  paymentIntentId: r.paymentIntentId,
  paymentAttemptId: r.paymentAttemptId,
  merchantOrderId: r.merchantOrderId,
  amount: formatStoredAmount(r.amount, r.currency),
  currency: r.currency,
  status: r.status as RefundStatus,
  reason: r.reason,
  metadata: (r.metadata ?? null) as Record<string, unknown> | null,
  failureReason: r.failureReason,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  completedAt: r.completedAt,
});

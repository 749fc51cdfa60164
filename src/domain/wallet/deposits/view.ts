import type { Deposit } from '../../../generated/prisma/client';
import { formatStoredAmount } from '../../../platform/money/amount';
import type { DepositStatus } from './rules';

/** Any JSON value: spec 4.5 lets sender_country be of any type, and payrail keeps it as sent. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Who sent a deposit (spec 2.10 sender); fields the caller did not give are null. */
export interface DepositSenderView {
  name: string | null;
  country: JsonValue;
  accountNumber: string | null;
  swiftCode: string;
}

/**
 * A deposit as both doors present it (spec 2.10, catalogue BT4/BT5). Amounts are decimal strings
 * in the deposit's currency precision.
 */
export interface DepositView {
  id: string;
  shortReferenceId: string;
  amount: string;
  currency: string;
  fee: string;
  status: DepositStatus;
  reference: string | null;
  /** SI1 defaults it to the acting account's short reference, so it is set on every deposit payrail makes. */
  receiverAccountNumber: string | null;
  sender: DepositSenderView;
  createdAt: Date;
  /** When the deposit reached COMPLETED or FAILED. */
  completedAt: Date | null;
  failureReason: string | null;
}

/** The row's status column holds only the values of DEPOSIT_STATUSES (rules.ts), so it is typed here once. */
export function toDepositView(d: Deposit): DepositView {
  return {
    id: d.id,
    shortReferenceId: d.shortReferenceId,
    amount: formatStoredAmount(d.amount, d.currency),
    currency: d.currency,
    fee: formatStoredAmount(d.depositFee, d.currency),
    status: d.status as DepositStatus,
    reference: d.depositReference,
    receiverAccountNumber: d.receiverAccountNumber,
    sender: {
      name: d.senderName,
      country: (d.senderCountry ?? null) as JsonValue,
      accountNumber: d.senderAccountNumber,
      swiftCode: d.senderSwiftCode,
    },
    createdAt: d.createdAt,
    completedAt: d.completedAt,
    failureReason: d.failureReason,
  };
}

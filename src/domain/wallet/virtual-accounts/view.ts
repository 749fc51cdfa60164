import type { VirtualAccount } from '../../../generated/prisma/client';
import type { VirtualAccountPaymentMethod, VirtualAccountStatus } from './rules';

/**
 * A virtual account as both doors present it (BT15's VirtualAccount, GraphQL VirtualAccount): the
 * receiving details a payer needs, and where the account is in its lifecycle.
 */
export interface VirtualAccountView {
  /** account_bank_id on the REST door. */
  id: string;
  currency: string;
  paymentMethod: VirtualAccountPaymentMethod;
  /** Where money is received; unique on the platform. */
  accountNumber: string;
  accountHolder: string;
  bankName: string;
  bankAddress: string;
  bankCode: string;
  swiftCode: string;
  countryCode: string;
  /** The clearing system a payer uses (ACH, FPS, SEPA, … or SWIFT) and the code they quote on it. */
  clearingSystemType: string;
  clearingSystemValue: string;
  status: VirtualAccountStatus;
  /** Null until CLOSED. */
  closeReason: string | null;
  createdAt: Date;
  activatedAt: Date | null;
  closedAt: Date | null;
}

/** The row's text columns hold only the values the rules let in (rules.ts), so they are typed here once. */
export const toVirtualAccountView = (va: VirtualAccount): VirtualAccountView => ({
  id: va.id,
  currency: va.currency,
  paymentMethod: va.paymentMethod as VirtualAccountPaymentMethod,
  accountNumber: va.accountNumber,
  accountHolder: va.accountHolder,
  bankName: va.bankName,
  bankAddress: va.bankAddress,
  bankCode: va.bankCode,
  swiftCode: va.swiftCode,
  countryCode: va.countryCode,
  clearingSystemType: va.clearingSystemType,
  clearingSystemValue: va.clearingSystemValue,
  status: va.status as VirtualAccountStatus,
  closeReason: va.closeReason,
  createdAt: va.createdAt,
  activatedAt: va.activatedAt,
  closedAt: va.closedAt,
});

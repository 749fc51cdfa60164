import type { VirtualAccount } from '../../domain/virtual-accounts/service';

/**
 * VirtualAccount as BT15 lists it (catalogue 3.8). account_bank_id is the virtual account's own id;
 * capability.payment_method repeats how the account is reached; close_reason is null until CLOSED.
 */
export const toRestVirtualAccount = (va: VirtualAccount) => ({
  currency: va.currency,
  payment_method: va.paymentMethod,
  account_number: va.accountNumber,
  account_holder: va.accountHolder,
  account_bank_id: va.id,
  bank_name: va.bankName,
  bank_address: va.bankAddress,
  bank_code: va.bankCode,
  swift_code: va.swiftCode,
  country_code: va.countryCode,
  capability: { payment_method: va.paymentMethod },
  clearing_system: { type: va.clearingSystemType, value: va.clearingSystemValue },
  status: va.status,
  close_reason: va.closeReason,
});

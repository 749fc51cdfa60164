import type { z } from 'zod';
import { OPENING_MESSAGE } from '../../../domain/wallet/virtual-accounts/rules';
import type { VirtualAccountOpening } from '../../../domain/wallet/virtual-accounts/service';
import type { VirtualAccountView } from '../../../domain/wallet/virtual-accounts/view';
import { toRestApplication } from '../../onboarding/virtual-account-applications/present';
import type { restVirtualAccount, restVirtualAccountCreation } from './schemas';

/**
 * BT14's answer: to the specification's body, only that the account is being opened (BT15 lists
 * it); to the official clients' application, `{data: VirtualAccountApplication}`.
 */
export const toRestVirtualAccountCreation = (opening: VirtualAccountOpening): z.input<typeof restVirtualAccountCreation> =>
  opening.kind === 'account' ? { message: OPENING_MESSAGE } : { data: toRestApplication(opening.application) };

/**
 * VirtualAccount as BT15 lists it (catalogue 3.8). account_bank_id is the virtual account's own id;
 * capability.payment_method repeats how the account is reached; close_reason is null until CLOSED.
 */
export const toRestVirtualAccount = (va: VirtualAccountView): z.input<typeof restVirtualAccount> => ({
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

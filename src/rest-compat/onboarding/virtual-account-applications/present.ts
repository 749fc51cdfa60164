import type { z } from 'zod';
import type { VirtualAccountApplicationView } from '../../../domain/onboarding/virtual-account-applications/view';
import type { VirtualAccountView } from '../../../domain/wallet/virtual-accounts/view';
import { iso } from '../../shared/wire';
import type { restApplication, restApplicationBankDetail, restApplicationSummary } from './schemas';

const toRestBankDetail = (va: VirtualAccountView): z.input<typeof restApplicationBankDetail> => ({
  account_bank_id: va.id,
  account_holder: va.accountHolder,
  account_number: va.accountNumber,
  country_code: va.countryCode,
  currency: va.currency,
  bank_name: va.bankName,
  bank_address: va.bankAddress,
  clearing_system: { type: va.clearingSystemType, value: va.clearingSystemValue },
  // An application's accounts are opened ACTIVE by the bank (never PENDING).
  status: va.status === 'CLOSED' ? 'CLOSED' : 'ACTIVE',
  close_reason: va.closeReason ?? '',
});

const identity = (a: VirtualAccountApplicationView) => ({
  application_id: a.id,
  public_version: a.publicVersion,
  account_id: a.accountId,
  direct_id: a.directId,
  country: a.country,
  currency: a.currency,
  status: a.status,
});

/** VirtualAccountApplication as the clients type it, plus what was asked and when. */
export const toRestApplication = (a: VirtualAccountApplicationView): z.input<typeof restApplication> => ({
  ...identity(a),
  payment_method: a.paymentMethod,
  nickname: a.nickname,
  results: a.results.map((r) => ({
    payment_method: r.paymentMethod,
    status: r.status,
    virtual_accounts: r.virtualAccounts.map(toRestBankDetail),
    error: r.error,
  })),
  created_at: iso(a.createdAt),
  updated_at: iso(a.updatedAt),
});

export const toRestApplicationSummary = (a: VirtualAccountApplicationView): z.input<typeof restApplicationSummary> => ({
  ...identity(a),
  created_at: iso(a.createdAt),
});

import type { VirtualAccount, VirtualAccountApplication } from '../../../generated/prisma/client';
import type { VirtualAccountPaymentMethod } from '../../wallet/virtual-accounts/rules';
import { toVirtualAccountView, type VirtualAccountView } from '../../wallet/virtual-accounts/view';
import type { ApplicationResult } from './results';
import type { ApplicationStatus, ResultStatus } from './rules';

/** One payment method of an application and the accounts the bank opened for it. */
export interface ApplicationResultView {
  paymentMethod: VirtualAccountPaymentMethod;
  status: ResultStatus;
  error: { code: string; message: string } | null;
  virtualAccounts: VirtualAccountView[];
}

/** A virtual account application as both doors present it (the clients' VirtualAccountApplication). */
export interface VirtualAccountApplicationView {
  id: string;
  accountId: string;
  /** The account's main account: "0" when the account is a main account itself (the clients' direct_id). */
  directId: string;
  country: string;
  currency: string;
  /** As asked; null when both methods were evaluated. */
  paymentMethod: VirtualAccountPaymentMethod | null;
  nickname: string | null;
  status: ApplicationStatus;
  publicVersion: number;
  results: ApplicationResultView[];
  createdAt: Date;
  updatedAt: Date;
}

/** The stored results column holds only what results.ts writes. */
export const resultsOf = (row: Pick<VirtualAccountApplication, 'results'>): ApplicationResult[] => row.results as unknown as ApplicationResult[];

/** `accounts`: the application's virtual accounts (any order; they are shown oldest first). */
export function toApplicationView(row: VirtualAccountApplication, accounts: readonly VirtualAccount[]): VirtualAccountApplicationView {
  const ordered = [...accounts].sort((a, b) => (a.numberSeq < b.numberSeq ? -1 : 1));
  return {
    id: row.id,
    accountId: row.accountId,
    directId: row.rootAccountId === row.accountId ? '0' : row.rootAccountId,
    country: row.country,
    currency: row.currency,
    paymentMethod: row.paymentMethod as VirtualAccountPaymentMethod | null,
    nickname: row.nickname,
    status: row.status as ApplicationStatus,
    publicVersion: row.publicVersion,
    results: resultsOf(row).map((r) => ({
      paymentMethod: r.payment_method,
      status: r.status,
      error: r.error,
      virtualAccounts: ordered.filter((va) => va.paymentMethod === r.payment_method).map(toVirtualAccountView),
    })),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

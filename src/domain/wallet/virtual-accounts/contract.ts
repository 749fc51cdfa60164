import type { VirtualAccount } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { newId } from '../../../platform/ids/ids';
import type { WriteSet } from '../../../platform/writes/write-set';
import { accountNumberFor } from './account-numbers';
import { BANK_NAME, bankAddressOf, SANDBOX_BANKS, sandboxBankFor, type SandboxBank } from './banks';
import { OPEN_STATUSES, type VirtualAccountPaymentMethod } from './rules';
import { lockSlot, nextNumberSequenceValue } from './store';

/**
 * What the virtual-accounts area offers virtual account applications: the sandbox bank's branches,
 * the (account, currency, payment_method) slot that one open account holds, and the issue of an
 * account's bank details. An application's accounts are virtual_accounts rows like any other, so
 * BT15 lists them and deposits reach them.
 */

/** The sandbox bank's branch in a country, where it has one (banks.ts: one per currency's home). */
export function branchIn(country: string): SandboxBank | undefined {
  return Object.values(SANDBOX_BANKS).find((bank) => bank.country === country);
}

/** The branch a currency is paid in locally: its home country's (banks.ts). */
export const homeBranchOf = (currency: string): SandboxBank => sandboxBankFor(currency);

/**
 * Serialises openings of one (account, currency, payment_method) until the transaction ends, so two
 * concurrent requests — direct openings and applications alike — cannot both find the slot free.
 */
export async function lockVirtualAccountSlot(tx: Tx, accountId: string, currency: string, paymentMethod: VirtualAccountPaymentMethod): Promise<void> {
  const slot = `virtual-account:${accountId}:${currency}:${paymentMethod}`;
  await lockSlot(tx, slot);
}

/** Whether an open (PENDING or ACTIVE) account holds the slot; call under its lock. */
export async function hasOpenVirtualAccount(tx: Tx, accountId: string, currency: string, paymentMethod: VirtualAccountPaymentMethod): Promise<boolean> {
  const open = await tx.virtualAccount.findFirst({
    where: { accountId, currency, paymentMethod, status: { in: OPEN_STATUSES } },
    select: { id: true },
  });
  return open !== null;
}

/**
 * The details a payer needs, at a branch of the sandbox bank: LOCAL on the branch's clearing
 * system, SWIFT to its BIC. The number takes the branch's format (an IBAN at a euro branch).
 */
function bankDetailsAt(branch: SandboxBank, paymentMethod: VirtualAccountPaymentMethod, sequenceValue: bigint) {
  return {
    accountNumber: accountNumberFor(branch.format, sequenceValue),
    bankName: BANK_NAME,
    bankAddress: bankAddressOf(branch),
    bankCode: branch.bankCode,
    swiftCode: branch.swiftCode,
    countryCode: branch.country,
    clearingSystemType: paymentMethod === 'SWIFT' ? 'SWIFT' : branch.rail,
    clearingSystemValue: paymentMethod === 'SWIFT' ? branch.swiftCode : (branch.routingCode ?? branch.bankCode),
  };
}

export interface IssueVirtualAccount {
  accountId: string;
  rootAccountId: string;
  currency: string;
  paymentMethod: VirtualAccountPaymentMethod;
  branch: SandboxBank;
  status: 'PENDING' | 'ACTIVE';
  applicationId: string | null;
  now: Date;
}

/**
 * Adds to `writes` a virtual account with fresh bank details under the holder's name (the number is
 * taken from the sequence now); the caller holds its slot. Answers the row as it reads once written.
 */
export async function addIssuedVirtualAccount(tx: Tx, writes: WriteSet, a: IssueVirtualAccount): Promise<VirtualAccount> {
  const holder = await tx.account.findUniqueOrThrow({ where: { id: a.accountId }, select: { name: true } });
  const sequenceValue = await nextNumberSequenceValue(tx);
  const issued: VirtualAccount = {
    id: newId(),
    accountId: a.accountId,
    rootAccountId: a.rootAccountId,
    numberSeq: sequenceValue,
    currency: a.currency,
    paymentMethod: a.paymentMethod,
    accountHolder: holder.name,
    ...bankDetailsAt(a.branch, a.paymentMethod, sequenceValue),
    status: a.status,
    closeReason: null,
    createdAt: a.now,
    updatedAt: a.now,
    activatedAt: a.status === 'ACTIVE' ? a.now : null,
    closedAt: null,
    applicationId: a.applicationId,
  };
  // A bigint has no JSON form: the sequence value goes as its digits, which the bigint column reads.
  writes.insert('virtual_accounts', { ...issued, numberSeq: sequenceValue.toString() });
  return issued;
}

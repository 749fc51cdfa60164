import type { BankAccount } from '../../../generated/prisma/client';
import { lockRow } from '../../../platform/db/locks';
import type { Tx } from '../../../platform/db/tx';
import type { RequestContext } from '../../../platform/context';
import { isUuid, newId } from '../../../platform/ids/ids';
import { parseInput } from '../../../platform/validation/validate';
import { bankAccountErrors } from './errors';
import { recordBankAccountEvent } from './events';
import { createBankAccountCommand, sandboxAccountStatus, updateBankAccountRules, type UpdateBankAccountCommand } from './rules';
import { toBankAccountView, type BankAccountView } from './view';

/** The columns BA1 and BA4 both set; the status follows the (sandbox) bank's verdict on the number. */
const fieldsOf = (v: UpdateBankAccountCommand) => ({
  accountNumber: v.accountNumber,
  bankName: v.bankName,
  swiftCode: v.swiftCode,
  bankCountryCode: v.bankCountryCode,
  bankAddress: v.bankAddress,
  bankCodeType: v.bankCodeType ?? null,
  bankCodeValue: v.bankCodeValue ?? null,
  bankBranchCode: v.bankBranchCode ?? null,
  status: sandboxAccountStatus(v.accountNumber),
});

/** The holder of a settlement account is the account itself (spec 2.6 account_name). */
async function holderName(tx: Tx, accountId: string): Promise<string> {
  const account = await tx.account.findUniqueOrThrow({ where: { id: accountId }, select: { name: true } });
  return account.name;
}

/** BA1 (spec 4.3): registers a settlement bank account of the acting account. */
export async function createBankAccount(ctx: RequestContext, raw: unknown): Promise<BankAccountView> {
  const input = parseInput(createBankAccountCommand, raw);
  return ctx.commit('locking', async ({ tx }) => {
    const now = ctx.clock.now();
    const row = await tx.bankAccount.create({
      data: {
        id: newId(),
        accountId: ctx.acting.id,
        accountName: await holderName(tx, ctx.acting.id),
        currency: input.currency,
        ...fieldsOf(input),
        createdAt: now,
        updatedAt: now,
      },
    });
    await recordBankAccountEvent(tx, row, 'bank_account.create.succeeded', now);
    return toBankAccountView(row);
  });
}

async function lockBankAccount(tx: Tx, ctx: RequestContext, id: string): Promise<BankAccount> {
  if (!isUuid(id)) throw bankAccountErrors.bankAccountNotFound();
  // The row lock makes concurrent updates apply one after the other, and waits for a payout that holds it.
  const row = await lockRow(tx, 'bank_accounts', { id, accountId: ctx.acting.id });
  if (!row) throw bankAccountErrors.bankAccountNotFound();
  return row;
}

/**
 * BA4: replaces the account's details, re-checked by the rules of 4.3 against its own currency
 * (which cannot change). The unknown id is answered before the body is judged, as BA3 would.
 */
export async function updateBankAccount(ctx: RequestContext, id: string, raw: unknown): Promise<BankAccountView> {
  return ctx.commit('locking', async ({ tx }) => {
    const current = await lockBankAccount(tx, ctx, id);
    const input = parseInput(updateBankAccountRules(current.currency), raw);
    const now = ctx.clock.now();
    const row = await tx.bankAccount.update({ where: { id: current.id }, data: { ...fieldsOf(input), updatedAt: now } });
    await recordBankAccountEvent(tx, row, 'bank_account.update.succeeded', now);
    return toBankAccountView(row);
  });
}

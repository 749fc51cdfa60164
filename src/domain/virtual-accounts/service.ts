import { inTransaction, type Tx } from '../../db/tx';
import { rootOf } from '../clock/test-clocks';
import type { RequestContext } from '../context';
import { isUuid, newId } from '../ids/ids';
import { scheduleTransition } from '../scheduler/transitions';
import { parseInput } from '../validation/validate';
import { accountNumberFor } from './account-numbers';
import { BANK_NAME, bankAddressOf, sandboxBankFor } from './banks';
import { virtualAccountErrors } from './errors';
import { recordVirtualAccountEvent } from './events';
import { VIRTUAL_ACCOUNT_ACTIVATE } from './lifecycle';
import {
  closeVirtualAccountInput,
  OPEN_STATUSES,
  openVirtualAccountInput,
  type OpenVirtualAccountInput,
  type VirtualAccountPaymentMethod,
} from './rules';
import { toVirtualAccountView, type VirtualAccountView } from './view';

/**
 * Serialises openings of one (account, currency, payment_method) until the transaction ends, so two
 * concurrent requests cannot both find the slot free.
 */
async function lockSlot(tx: Tx, accountId: string, input: OpenVirtualAccountInput): Promise<void> {
  const slot = `virtual-account:${accountId}:${input.currency}:${input.payment_method}`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${slot}, 0))`;
}

async function nextNumberSequenceValue(tx: Tx): Promise<bigint> {
  const [row] = await tx.$queryRaw<{ value: bigint }[]>`
    SELECT nextval(pg_get_serial_sequence('virtual_accounts', 'number_seq')) AS value`;
  return BigInt(row!.value);
}

/** The details a payer needs, from the currency's sandbox bank (banks.ts). */
function bankDetails(currency: string, paymentMethod: VirtualAccountPaymentMethod, sequenceValue: bigint) {
  const bank = sandboxBankFor(currency);
  return {
    accountNumber: accountNumberFor(bank.format, sequenceValue),
    bankName: BANK_NAME,
    bankAddress: bankAddressOf(bank),
    bankCode: bank.bankCode,
    swiftCode: bank.swiftCode,
    countryCode: bank.country,
    clearingSystemType: paymentMethod === 'SWIFT' ? 'SWIFT' : bank.rail,
    clearingSystemValue: paymentMethod === 'SWIFT' ? bank.swiftCode : (bank.routingCode ?? bank.bankCode),
  };
}

/**
 * BT14: opens a virtual account for the acting account. It is created PENDING with its activation
 * scheduled at once, in one transaction with its outbox event; it becomes ACTIVE within about a
 * second on the real clock, or at the next advance of a frozen test clock.
 */
export async function openVirtualAccount(ctx: RequestContext, raw: unknown): Promise<VirtualAccountView> {
  if (!ctx.acting.isSandbox) throw virtualAccountErrors.sandboxOnly();
  const input = parseInput(openVirtualAccountInput, raw);
  return inTransaction(ctx, async (tx) => {
    await lockSlot(tx, ctx.acting.id, input);
    const open = await tx.virtualAccount.findFirst({
      where: { accountId: ctx.acting.id, currency: input.currency, paymentMethod: input.payment_method, status: { in: OPEN_STATUSES } },
      select: { id: true },
    });
    if (open) throw virtualAccountErrors.alreadyOpen(input.currency, input.payment_method);
    const holder = await tx.account.findUniqueOrThrow({ where: { id: ctx.acting.id }, select: { name: true } });
    const sequenceValue = await nextNumberSequenceValue(tx);
    const now = ctx.clock.now();
    const opened = await tx.virtualAccount.create({
      data: {
        id: newId(),
        accountId: ctx.acting.id,
        rootAccountId: rootOf(ctx.acting),
        numberSeq: sequenceValue,
        currency: input.currency,
        paymentMethod: input.payment_method,
        accountHolder: holder.name,
        ...bankDetails(input.currency, input.payment_method, sequenceValue),
        status: 'PENDING',
        createdAt: now,
        updatedAt: now,
      },
    });
    await recordVirtualAccountEvent(tx, opened, 'virtual.account.create', now);
    await scheduleTransition(tx, {
      accountId: ctx.acting.id,
      rootAccountId: rootOf(ctx.acting),
      kind: VIRTUAL_ACCOUNT_ACTIVATE,
      subjectId: opened.id,
      dueAt: now,
      now,
    });
    return toVirtualAccountView(opened);
  });
}

/**
 * payrail's extension (GraphQL closeVirtualAccount; the REST catalogue has no close call): closes
 * a PENDING or ACTIVE account with a reason. A closed account keeps its number, which is never
 * given to another account, and frees its (currency, payment_method) for a new one.
 */
export async function closeVirtualAccount(ctx: RequestContext, raw: unknown): Promise<VirtualAccountView> {
  const input = parseInput(closeVirtualAccountInput, raw);
  const closedRow = await inTransaction(ctx, async (tx) => {
    const [row] = isUuid(input.account_bank_id)
      ? await tx.$queryRaw<{ status: string }[]>`
          SELECT status FROM virtual_accounts
          WHERE id = ${input.account_bank_id}::uuid AND account_id = ${ctx.acting.id}::uuid FOR UPDATE`
      : [];
    if (!row) throw virtualAccountErrors.notFound();
    if (row.status === 'CLOSED') throw virtualAccountErrors.alreadyClosed();
    const now = ctx.clock.now();
    const closed = await tx.virtualAccount.update({
      where: { id: input.account_bank_id },
      data: { status: 'CLOSED', closeReason: input.close_reason, closedAt: now, updatedAt: now },
    });
    await recordVirtualAccountEvent(tx, closed, 'virtual.account.closed', now);
    return closed;
  });
  return toVirtualAccountView(closedRow);
}

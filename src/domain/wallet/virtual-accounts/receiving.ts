import { rootOf } from '../../developers/sandbox/test-clocks';
import type { RequestContext } from '../../../platform/context';
import type { WriteSet } from '../../../platform/writes/write-set';
import { virtualAccountErrors } from './errors';
import { readDepositReceiver, requireReceiverStatus } from './store';

/**
 * What a simulated deposit (SI1) may name as receiver_account_number. A number that is one of the
 * acting account's virtual accounts must be ACTIVE and in the deposit's currency. A virtual account
 * of another account of the same tree is refused: the money would land in the wrong wallet. Any
 * other number is a plain reference, as on an account without virtual accounts — and another tenant's
 * number is not looked at, so it answers exactly as an unknown one.
 */
export async function checkDepositReceiver(
  ctx: RequestContext,
  deposit: { receiverAccountNumber: string | undefined; currency: string },
  writes: WriteSet,
): Promise<void> {
  if (!deposit.receiverAccountNumber) return;
  // Numbers are stored upper-case (IBANs); an IBAN typed in lower case is the same account.
  const receiver = await readDepositReceiver(ctx, rootOf(ctx.acting), deposit.receiverAccountNumber.toUpperCase());
  if (!receiver) return;
  if (receiver.accountId !== ctx.acting.id) throw virtualAccountErrors.receiverOfAnotherAccount();
  if (receiver.status === 'PENDING' || receiver.status === 'CLOSED') throw virtualAccountErrors.receiverNotActive(receiver.status);
  if (receiver.currency !== deposit.currency) throw virtualAccountErrors.receiverCurrencyMismatch(receiver.currency);
  // FOR SHARE until the deposit commits: a close of this account (which locks it FOR UPDATE) and
  // the deposit serialise, so a deposit never lands on an account whose close committed meanwhile
  // (the status changed since the read: the deposit is prepared again and refused).
  requireReceiverStatus(writes, receiver);
}

import type { Tx } from '../../db/tx';
import { rootOf } from '../clock/test-clocks';
import type { RequestContext } from '../context';
import { virtualAccountErrors } from './errors';

/**
 * What a simulated deposit (SI1) may name as receiver_account_number. A number that is one of the
 * acting account's virtual accounts must be ACTIVE and in the deposit's currency. A virtual account
 * of another account of the same tree is refused: the money would land in the wrong wallet. Any
 * other number is a plain reference, as before virtual accounts existed — and another tenant's
 * number is not looked at, so it answers exactly as an unknown one.
 */
export async function checkDepositReceiver(
  tx: Tx,
  ctx: RequestContext,
  deposit: { receiverAccountNumber: string | undefined; currency: string },
): Promise<void> {
  if (!deposit.receiverAccountNumber) return;
  // Numbers are stored upper-case (IBANs); an IBAN typed in lower case is the same account.
  // FOR SHARE: a close of this account (which locks it FOR UPDATE) and this deposit serialise, so a
  // deposit never lands on an account whose close committed while the deposit was being checked.
  const [receiver] = await tx.$queryRaw<{ accountId: string; currency: string; status: string }[]>`
    SELECT account_id AS "accountId", currency, status FROM virtual_accounts
    WHERE root_account_id = ${rootOf(ctx.acting)}::uuid AND account_number = ${deposit.receiverAccountNumber.toUpperCase()}
    FOR SHARE`;
  if (!receiver) return;
  if (receiver.accountId !== ctx.acting.id) throw virtualAccountErrors.receiverOfAnotherAccount();
  if (receiver.status === 'PENDING' || receiver.status === 'CLOSED') throw virtualAccountErrors.receiverNotActive(receiver.status);
  if (receiver.currency !== deposit.currency) throw virtualAccountErrors.receiverCurrencyMismatch(receiver.currency);
}

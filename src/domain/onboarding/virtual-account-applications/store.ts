import type { Tx } from '../../../platform/db/tx';

/** Whether a SUBMITTED application of the account in this currency still waits for the bank on this method. */
export async function submittedApplicationExists(tx: Tx, accountId: string, currency: string, paymentMethod: string): Promise<boolean> {
  const pending = JSON.stringify([{ payment_method: paymentMethod, status: 'SUBMITTED' }]);
  const [row] = await tx.$queryRaw<{ found: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM virtual_account_applications
      WHERE account_id = ${accountId}::uuid AND currency = ${currency} AND status = 'SUBMITTED' AND results @> ${pending}::jsonb
    ) AS found`;
  return row?.found ?? false;
}

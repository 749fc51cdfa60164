import { Prisma } from '../../../generated/prisma/client';
import type { Tx } from '../../../platform/db/tx';
import { isUuid } from '../../../platform/ids/ids';

/** The account of the tree rooted at `root` named by id or short reference, when its status is one of `statuses`. */
export async function readTreeAccountByRef(reader: Tx, ref: string, root: string, statuses: readonly string[]): Promise<{ id: string; status: string } | undefined> {
  const byRef = isUuid(ref) ? Prisma.sql`id = ${ref}::uuid` : Prisma.sql`short_reference_id = ${ref}`;
  const rows = await reader.$queryRaw<{ id: string; status: string }[]>`
    SELECT id, status FROM accounts
    WHERE ${byRef} AND (id = ${root}::uuid OR parent_id = ${root}::uuid) AND status = ANY(${statuses}::text[])`;
  return rows[0];
}

/** The receiving account's status, its row held FOR SHARE to the commit; undefined when there is no such account. */
export async function shareReceivingAccount(tx: Tx, accountId: string): Promise<{ status: string } | undefined> {
  const [receiver] = await tx.$queryRaw<{ status: string }[]>`
      SELECT status FROM accounts WHERE id = ${accountId}::uuid FOR SHARE`;
  return receiver;
}

/** Whether the bank account is still Valid, its row held FOR SHARE to the commit. */
export async function shareValidBankAccount(tx: Tx, bankAccountId: string | null): Promise<boolean> {
  const bank = await tx.$queryRaw<unknown[]>`
    SELECT 1 FROM bank_accounts WHERE id = ${bankAccountId}::uuid AND status = 'Valid' FOR SHARE`;
  return bank.length > 0;
}

import type { Account } from '../../../generated/prisma/client';
import type { Database } from '../../../platform/db/client';
import type { Tx } from '../../../platform/db/tx';

/** The columns of an accounts row under their Prisma names, for named `pg` statements. */
const ACCOUNT_COLUMNS = `id, short_reference_id AS "shortReferenceId", parent_id AS "parentId", name, entity_type AS "entityType",
  business_types AS "businessTypes", status, verification_status AS "verificationStatus", review_reason AS "reviewReason", country, is_sandbox AS "isSandbox",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The account with this (well-formed) id when the acting account may see it (itself or its sub-account), or undefined. */
export async function readVisibleAccount(db: Pick<Database, 'pool'>, accountId: string, actingId: string): Promise<Account | undefined> {
  const { rows } = await db.pool.query<Account>({
    name: 'visible_account',
    text: `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1 AND (id = $2 OR parent_id = $3)`,
    values: [accountId, actingId, actingId],
  });
  return rows[0];
}

/** How many sub-accounts of the master carry this company registration number. */
export async function countSubAccountsWithUen(tx: Tx, parentId: string, uen: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM accounts
    WHERE parent_id = ${parentId}::uuid AND onboarding #>> '{company_info,company_registration_number}' = ${uen}`;
  return row?.n ?? 0;
}

/**
 * Inserts the tree's claim of each (normalised) number for the account; answers the numbers it
 * claimed, without those another account of the tree holds (the key (root, number) decides).
 */
export async function insertIdentifications(tx: Tx, rootAccountId: string, accountId: string, numbers: string[], now: Date): Promise<{ id_number: string }[]> {
  return tx.$queryRaw<{ id_number: string }[]>`
    INSERT INTO account_identifications (root_account_id, id_number, account_id, created_at)
    SELECT ${rootAccountId}::uuid, n, ${accountId}::uuid, ${now} FROM unnest(${numbers}::text[]) AS n
    ON CONFLICT DO NOTHING RETURNING id_number`;
}

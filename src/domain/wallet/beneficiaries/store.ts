import type { Beneficiary } from '../../../generated/prisma/client';
import type { Database } from '../../../platform/db/client';

/** The columns of a beneficiaries row under their Prisma names, for named `pg` statements. */
const BENEFICIARY_COLUMNS = `id, account_id AS "accountId", short_reference_id AS "shortReferenceId", entity_type AS "entityType",
  payment_method AS "paymentMethod", company_name AS "companyName", first_name AS "firstName",
  last_name AS "lastName", id_number AS "idNumber", email, nickname, bank_details AS "bankDetails", address,
  additional_info AS "additionalInfo", status, created_at AS "createdAt", updated_at AS "updatedAt",
  deleted_at AS "deletedAt", version`;

/** The account's ACTIVE beneficiary with this (well-formed) id, or undefined: a named statement, read before a payout's writes. */
export async function readActiveBeneficiary(db: Pick<Database, 'pool'>, accountId: string, beneficiaryId: string): Promise<Beneficiary | undefined> {
  const { rows } = await db.pool.query<Beneficiary>({
    name: 'active_beneficiary',
    text: `SELECT ${BENEFICIARY_COLUMNS} FROM beneficiaries WHERE id = $1 AND account_id = $2 AND status = 'ACTIVE'`,
    values: [beneficiaryId, accountId],
  });
  return rows[0];
}

/** The account's beneficiaries with these (well-formed) ids, in any status. */
export async function readBeneficiariesByIds(db: Pick<Database, 'pool'>, accountId: string, ids: readonly string[]): Promise<Beneficiary[]> {
  const { rows } = await db.pool.query<Beneficiary>({
    name: 'beneficiaries_by_ids',
    text: `SELECT ${BENEFICIARY_COLUMNS} FROM beneficiaries WHERE id = ANY($1::uuid[]) AND account_id = $2`,
    values: [ids, accountId],
  });
  return rows;
}

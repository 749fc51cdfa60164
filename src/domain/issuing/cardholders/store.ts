import type { Cardholder } from '../../../generated/prisma/client';
import type { Database } from '../../../platform/db/client';
import type { Tx } from '../../../platform/db/tx';

/** The account's cardholders among these (well-formed) ids, each with its number of cards, in one statement. */
export function cardholdersWithCardCounts(db: Pick<Database, 'prisma'>, accountId: string, valid: string[]): Promise<(Cardholder & { numberOfCards: number })[]> {
  return db.prisma.$queryRaw<(Cardholder & { numberOfCards: number })[]>`
    SELECT h.id, h.account_id AS "accountId", h.root_account_id AS "rootAccountId", h.email, h.email_key AS "emailKey",
           h.first_name AS "firstName", h.last_name AS "lastName", h.country_code AS "countryCode", h.phone_number AS "phoneNumber",
           h.date_of_birth AS "dateOfBirth", h.gender, h.nationality, h.residential_address AS "residentialAddress",
           h.delivery_address AS "deliveryAddress", h.identity_type AS "identityType", h.identity_number AS "identityNumber",
           h.status, h.review_status AS "reviewStatus", h.idv_status AS "idvStatus", h.kyc_method AS "kycMethod",
           h.idv_url_expires_at AS "idvUrlExpiresAt", h.created_at AS "createdAt", h.updated_at AS "updatedAt",
           (SELECT count(*) FROM cards c WHERE c.cardholder_id = h.id)::int AS "numberOfCards"
    FROM cardholders h
    WHERE h.id = ANY(${valid}::uuid[]) AND h.account_id = ${accountId}::uuid`;
}

/** Serialises the cardholder writes of one tree until the transaction ends. */
export async function lockTree(tx: Tx, rootAccountId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`cardholders:${rootAccountId}`}, 0))`;
}

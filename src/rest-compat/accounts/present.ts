import type { Account } from '../../generated/prisma/client';

/** Account record as ref reads it (catalogue AF4), with the fields payrail holds today. */
export const toRestAccount = (a: Account) => ({
  account_id: a.id,
  short_reference_id: a.shortReferenceId,
  status: a.status,
  verification_status: a.verificationStatus,
  entity_type: a.entityType,
  account_name: a.name,
  nick_name: a.name,
  business_code: a.businessTypes,
  parent_account_id: a.parentId,
  create_time: a.createdAt.toISOString(),
});

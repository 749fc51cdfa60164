import type { Account } from '../../../generated/prisma/client';
import type { AccountStatus, BusinessType, EntityType, VerificationStatus } from './rules';

/**
 * An account (an entity: a master or one of its connected sub-accounts) as both doors, the admin
 * command line and the sandbox start present it (catalogue AF4).
 */
export interface AccountView {
  id: string;
  shortReferenceId: string;
  name: string;
  entityType: EntityType;
  businessTypes: BusinessType[];
  status: AccountStatus;
  verificationStatus: VerificationStatus;
  /** Why verification ended REJECT, RETURN or EXPIRED; null otherwise. */
  reviewReason: string | null;
  /** Alpha-2 country of an onboarded account; null for operator-made ones. */
  country: string | null;
  isSandbox: boolean;
  /** The master of a sub-account; null for a master. */
  parentId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The row's text columns hold only the values the rules let in (rules.ts), so they are typed here once. */
export const toAccountView = (a: Account): AccountView => ({
  id: a.id,
  shortReferenceId: a.shortReferenceId,
  name: a.name,
  entityType: a.entityType as EntityType,
  businessTypes: a.businessTypes as BusinessType[],
  status: a.status as AccountStatus,
  verificationStatus: a.verificationStatus as VerificationStatus,
  reviewReason: a.reviewReason,
  country: a.country,
  isSandbox: a.isSandbox,
  parentId: a.parentId,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
});

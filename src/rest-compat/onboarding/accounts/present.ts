import type { z } from 'zod';
import type { AccountView } from '../../../domain/onboarding/accounts/view';
import { iso } from '../../shared/wire';
import type { AdditionalDocument } from '../../../domain/onboarding/accounts/additional-documents';
import type { restAccount, restAccountCreated, restAdditionalDocument, restSubAccountCreated } from './schemas';

/** Account record, field by field; nick_name repeats the name (payrail keeps one). */
export const toRestAccount = (a: AccountView): z.input<typeof restAccount> => ({
  account_id: a.id,
  short_reference_id: a.shortReferenceId,
  status: a.status,
  verification_status: a.verificationStatus,
  review_reason: a.reviewReason,
  country: a.country,
  entity_type: a.entityType,
  account_name: a.name,
  nick_name: a.name,
  business_code: a.businessTypes,
  parent_account_id: a.parentId,
  create_time: iso(a.createdAt),
});

/** AF1 AccountCreated (spec 2.14). */
export const toRestAccountCreated = (a: AccountView): z.input<typeof restAccountCreated> => ({
  account_id: a.id,
  short_reference_id: a.shortReferenceId,
  status: a.status,
  verification_status: a.verificationStatus,
});

/** AF2 SubAccountCreated: one business_type (the product the form applied for). */
export const toRestSubAccountCreated = (a: AccountView): z.input<typeof restSubAccountCreated> => ({
  account_id: a.id,
  short_reference_id: a.shortReferenceId,
  status: a.status,
  verification_status: a.verificationStatus,
  business_type: a.businessTypes[0]!,
  entity_type: a.entityType,
  nickname: a.name,
});

export const toRestAdditionalDocument = (d: AdditionalDocument): z.input<typeof restAdditionalDocument> => ({
  profile_key: d.profileKey,
  profile_name: d.profileName,
  profile_option: d.profileOption,
});

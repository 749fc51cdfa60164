import { z } from 'zod';
import { ACCOUNT_STATUSES, BUSINESS_TYPES, ENTITY_TYPES, VERIFICATION_STATUSES } from '../../../domain/onboarding/accounts/rules';
import { dateTime, oneOf, uuid } from '../../shared/wire';

/** Account record as ref reads it (catalogue AF3/AF4), with the fields payrail holds today. */
export const restAccount = z.object({
  account_id: uuid,
  short_reference_id: z.string(),
  status: oneOf(ACCOUNT_STATUSES),
  verification_status: oneOf(VERIFICATION_STATUSES),
  review_reason: z.string().nullable().describe('Why verification ended REJECT, RETURN or EXPIRED; null otherwise'),
  country: z.string().nullable().describe('Alpha-2 country of residence or incorporation; null for accounts made by an operator'),
  entity_type: oneOf(ENTITY_TYPES),
  account_name: z.string(),
  nick_name: z.string().describe('repeats account_name'),
  business_code: z.array(oneOf(BUSINESS_TYPES)),
  parent_account_id: uuid.nullable().describe('The master of a sub-account; null for a master'),
  create_time: dateTime,
});

/** AF1 AccountCreated (spec 2.14): all four fields required. */
export const restAccountCreated = z.object({
  account_id: uuid,
  short_reference_id: z.string(),
  status: oneOf(ACCOUNT_STATUSES),
  verification_status: oneOf(VERIFICATION_STATUSES),
});

/** AF2 SubAccountCreated (catalogue 3.7), with verification_status added. */
export const restSubAccountCreated = z.object({
  account_id: uuid,
  short_reference_id: z.string(),
  status: oneOf(ACCOUNT_STATUSES),
  verification_status: oneOf(VERIFICATION_STATUSES),
  business_type: oneOf(BUSINESS_TYPES),
  entity_type: oneOf(ENTITY_TYPES),
  nickname: z.string().optional(),
});

/** AF5: profile_option 1 = required, 0 = optional. */
export const restAdditionalDocument = z.object({ profile_key: z.string(), profile_name: z.string(), profile_option: z.union([z.literal(0), z.literal(1)]) });
export const restAdditionalDocuments = z.array(restAdditionalDocument);

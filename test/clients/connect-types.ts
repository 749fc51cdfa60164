import { z } from 'zod';

/**
 * The answers the official clients declare for their connect methods, as zod schemas: the Node
 * client's interfaces (src/resources/account/types.ts; required members required, optional ones
 * optional or null, extra members allowed). The Python client declares them `dict[str, Any]`
 * (a list for additional documents); the Node shape is checked for both.
 */
const str = z.string();
const opt = <S extends z.ZodType>(s: S) => s.nullish();

const accountStatus = z.enum(['PENDING', 'ACTIVE', 'SUSPENDED', 'CLOSED', 'REVIEW', 'PROCESSING']);
const verificationStatus = z.enum(['APPROVED', 'PENDING', 'REJECT', 'EXPIRED', 'RETURN']);
const businessType = z.enum(['BANKING', 'ACQUIRING', 'ISSUING']);
const entityType = z.enum(['COMPANY', 'INDIVIDUAL']);
const record = z.record(z.string(), z.unknown());

export const paginated = <S extends z.ZodType>(item: S) => z.object({ total_pages: z.number(), total_items: z.number(), data: z.array(item) });

/** A file as an RFI answer shows it (the clients' response model: details, not upload ids). */
const rfiFile = z.object({ file_type: str, file_name: str, size: z.number(), url: str });

export const connectTypes = {
  createAccountResponse: z.object({ account_id: str, short_reference_id: str, status: accountStatus, verification_status: verificationStatus }),
  createSubAccountResponse: z.object({
    account_id: str,
    short_reference_id: str,
    status: accountStatus,
    business_type: businessType,
    entity_type: entityType,
    nickname: opt(str),
  }),
  account: z.object({
    account_id: str,
    short_reference_id: opt(str),
    business_code: opt(z.array(businessType)),
    email: opt(str),
    account_name: opt(str),
    nick_name: opt(str),
    country: opt(str),
    status: accountStatus,
    verification_status: opt(verificationStatus),
    entity_type: opt(entityType),
    review_reason: opt(str),
    contact_details: opt(z.object({ email: opt(str), phone: opt(str) })),
    business_details: opt(record),
    registration_address: opt(z.object({ street_address: str, city: str, postal_code: str })),
    business_address: opt(z.array(record)),
    representatives: opt(z.array(record)),
    documents: opt(z.array(record)),
    tos_acceptance: opt(record),
  }),
  additionalDocument: z.object({ profile_key: str, profile_name: str, profile_option: z.union([z.literal(0), z.literal(1)]) }),
  rfi: z.object({
    account_id: opt(str),
    rfi_id: opt(str),
    status: opt(z.enum(['SUBMITTED_PENDING', 'REJECTED', 'APPROVED', 'ACTION_REQUIRED'])),
    create_time: opt(str),
    update_time: opt(str),
    request: opt(
      z.array(
        z.object({
          question: z.object({ key: str, comment: opt(str), type: z.enum(['ATTACHMENT', 'TEXT']) }),
          answer: opt(z.object({ key: str, type: z.enum(['ATTACHMENT', 'TEXT']), attachments: opt(z.array(rfiFile)), text: opt(str) })),
        }),
      ),
    ),
  }),
};

import { DomainError } from '../../../platform/errors/domain-error';
import { defineErrors } from '../../../platform/errors/catalogue';
import { ONBOARDING_MESSAGES } from './onboarding-rules';
import { INHERIT_MESSAGES } from './sub-account-rules';

/** Spec 7.1's onboarding refusals: a fixed text, naming the field it is about. */
const onboarding = <C extends string>(code: C, message: string, field?: string) =>
  new DomainError({ code, message, status: 400, kind: 'business', field });

/** Account-area errors (account-center family, spec 7.1 "Account creation and sub-account creation"). */
export const accountErrors = defineErrors('accounts', 'account_center', {
  /** AF4: an account id that is unknown or not linked under the caller. */
  accountNotFound: () =>
    new DomainError({
      code: 'account_not_found',
      message: 'entity not found',
      status: 400,
      kind: 'not_found',
    }),

  apiKeyNotFound: () =>
    new DomainError({
      code: 'api_key_not_found',
      message: 'api key not found',
      status: 404,
      kind: 'not_found',
    }),

  /** A sub-account's own sub-accounts are not part of the model: the tree is two levels deep. */
  parentNotMaster: () =>
    new DomainError({
      code: 'parent_not_master',
      message: 'only a master account can have sub-accounts',
      status: 400,
      kind: 'business',
      field: 'parentId',
    }),

  /** Spec 7.1: "please check whether the master account has opened the corresponding service". */
  serviceNotOpened: () =>
    new DomainError({
      code: 'service_not_opened',
      message: 'please check whether the master account has opened the corresponding service',
      status: 400,
      kind: 'business',
      field: 'businessTypes',
    }),

  /** CLOSED is final (payrail's choice): a closed account's status never changes again. */
  accountClosed: () =>
    new DomainError({
      code: 'account_closed',
      message: 'account is closed: a closed account cannot change status',
      status: 400,
      kind: 'business',
      field: 'status',
    }),

  /** Spec 7.1: "please completed the verification and activate your account first". */
  masterNotActive: () =>
    new DomainError({
      code: 'master_not_active',
      message: 'please completed the verification and activate your account first',
      status: 400,
      kind: 'business',
    }),
  /** Payrail's rule (docs/decisions/onboarding/accounts.md): money moves only from an account whose verification is APPROVED. */
  notVerified: (verificationStatus: string) =>
    new DomainError({
      code: 'account_not_verified',
      message: `please completed the verification and activate your account first (verification_status ${verificationStatus})`,
      status: 400,
      kind: 'business',
    }),

  /** Spec 7.1 "same UEN sub account limit reached with current and max counts". */
  sameUenLimit: (current: number, max: number) =>
    new DomainError({
      code: 'same_uen_limit',
      message: `same UEN sub account limit reached, current: ${current}, max: ${max}`,
      status: 400,
      kind: 'business',
      field: 'companyInfo.companyRegistrationNumber',
    }),

  /** Documents are resubmitted only after a review returned them (payrail's rule, docs/decisions/onboarding/accounts.md). */
  notReturned: (verificationStatus: string) =>
    new DomainError({
      code: 'verification_not_returned',
      message: `documents can be resubmitted only when verification_status is RETURN (it is ${verificationStatus})`,
      status: 400,
      kind: 'business',
      field: 'verificationStatus',
    }),

  /** An operator's decision (admin review-account) on an account whose verification is not PENDING. */
  notPending: (verificationStatus: string) =>
    new DomainError({
      code: 'verification_not_pending',
      message: `only a PENDING verification can be decided (verification_status is ${verificationStatus})`,
      status: 400,
      kind: 'business',
    }),

  /** Spec 7.1 "document ID already exists": the identification number belongs to another account of the tree. */
  documentIdExists: (field: string) =>
    new DomainError({
      code: 'document_id_exists',
      message: 'document ID already exists',
      status: 400,
      kind: 'business',
      field
    }),

  /** Spec 7.1: onboarding refuses a sanctioned jurisdiction (SANCTIONED_COUNTRIES). */
  sanctionedCountry: (field: string) => onboarding('sanctioned_country', 'The country is a sanctioned country', field),

  /** Spec 7.1: onboarding refuses a jurisdiction payrail does not serve (UNSUPPORTED_ONBOARDING_COUNTRIES). */
  countryNotAllowed: (field: string) => onboarding('country_not_allowed', 'The country is not allowed to be used for onboarding', field),

  /** Spec 7.1: a document without content, or a block of documents left empty. */
  documentsMissing: (field: string) => onboarding('documents_missing', ONBOARDING_MESSAGES.documents, field),

  /** Spec 7.1: exactly one representative applies. */
  oneApplicant: (field: string) => onboarding('one_applicant', ONBOARDING_MESSAGES.oneApplicant, field),

  /** Spec 7.1: a company names its representatives. */
  representativesEmpty: (field: string) => onboarding('representatives_empty', ONBOARDING_MESSAGES.representativesEmpty, field),

  /** Spec 7.1: each representative identifies with documents. */
  representativeDocumentsEmpty: (field: string) => onboarding('representative_documents_empty', ONBOARDING_MESSAGES.representativeDocs, field),

  /** Spec 7.1: an INDIVIDUAL holds the banking product only. */
  individualNeedsBanking: (field: string) => onboarding('individual_needs_banking', 'only banking can create individual accounts', field),

  /** Spec 7.1: inherit absent, or inheriting while sending the details it would inherit. */
  inheritInvalid: () => onboarding('inherit_invalid', INHERIT_MESSAGES.inconsistent, 'inherit'),

  /** Spec 7.1: not inheriting, the company's details are the form's. */
  inheritDetailsRequired: () => onboarding('inherit_details_required', INHERIT_MESSAGES.detailsRequired, 'inherit'),

  /** Spec 7.1: only a master opens sub-accounts from the form. */
  subAccountServiceNotOpened: () =>
    onboarding('sub_account_service_not_opened', 'please check whether the master account has opened the create sub account service'),
});

// What an account's status refuses is the tenancy's rule, raised on every route.
export { accountStatusErrors } from '../../../platform/tenancy/errors';

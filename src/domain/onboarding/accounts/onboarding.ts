import type { Prisma } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { isDomainError } from '../../../platform/errors/domain-error';
import { parseInput, validationErrors } from '../../../platform/validation/validate';
import { applicationFileIds, assertFilesUploaded } from './document-files';
import { accountErrors } from './errors';
import { applicationIdentifications } from './identifications';
import {
  ageOn,
  companyAccount,
  entityTypeOf,
  individualAccount,
  ONBOARDING_MESSAGES,
  SANCTIONED_COUNTRIES,
  UNSUPPORTED_ONBOARDING_COUNTRIES,
  type AccountApplication,
} from './onboarding-rules';
import { createSubAccount, type Account } from './service';

const MINIMUM_AGE = 18;

function checkJurisdiction(country: string, field: string): void {
  if ((SANCTIONED_COUNTRIES as readonly string[]).includes(country)) {
    throw accountErrors.onboarding('sanctioned_country', 'The country is a sanctioned country', field);
  }
  if ((UNSUPPORTED_ONBOARDING_COUNTRIES as readonly string[]).includes(country)) {
    throw accountErrors.onboarding('country_not_allowed', 'The country is not allowed to be used for onboarding', field);
  }
}

function checkAdult(dateOfBirth: string, now: Date, field: string): void {
  if (ageOn(dateOfBirth, now) < MINIMUM_AGE) throw validationErrors.failed(field, ONBOARDING_MESSAGES.under18);
}

/** A document carries content: an inline data URI or an uploaded file id, for its front at least. */
const hasFront = (d: { front?: string; front_file_id?: string }) => d.front !== undefined || d.front_file_id !== undefined;

function checkApplication(app: AccountApplication, now: Date): void {
  app.documents.forEach((d, i) => {
    if (!hasFront(d)) throw accountErrors.onboarding('documents_missing', ONBOARDING_MESSAGES.documents, `documents[${i}]`);
  });
  if (app.entity_type === 'INDIVIDUAL') {
    checkJurisdiction(app.residential_address.country, 'residential_address.country');
    checkAdult(app.person_details.date_of_birth, now, 'person_details.date_of_birth');
    if (app.person_details.account_purpose.includes('OTHERS') && !app.person_details.other_purpose) {
      throw validationErrors.required('person_details.other_purpose');
    }
    if (!hasFront(app.person_details.identification.documents)) {
      throw accountErrors.onboarding('documents_missing', ONBOARDING_MESSAGES.documents, 'person_details.identification.documents');
    }
    return;
  }
  checkJurisdiction(app.country, 'country');
  if (app.representatives.filter((r) => r.as_applicant).length !== 1) {
    throw accountErrors.onboarding('one_applicant', ONBOARDING_MESSAGES.oneApplicant, 'representatives');
  }
  app.representatives.forEach((r, i) => {
    checkAdult(r.date_of_birth, now, `representatives[${i}].date_of_birth`);
    if (!hasFront(r.identification.documents)) {
      throw accountErrors.onboarding('representative_documents_empty', ONBOARDING_MESSAGES.representativeDocs, `representatives[${i}].identification.documents`);
    }
  });
}

/**
 * AF1 / GraphQL createAccount: an onboarded account, connected under the calling master, PENDING
 * until its simulated review (verification.ts). INDIVIDUAL accounts hold the banking product only,
 * and need a master that opened it (spec 7.1 "only banking can create individual accounts").
 */
export async function createAccount(ctx: RequestContext, raw: unknown): Promise<Account> {
  const { entity_type } = parseInput(entityTypeOf, raw);
  const app: AccountApplication = entity_type === 'INDIVIDUAL' ? parseInput(individualAccount, raw) : parseInput(companyAccount, raw);
  checkApplication(app, ctx.clock.now());
  await assertFilesUploaded(ctx, applicationFileIds(app));
  const country = app.entity_type === 'INDIVIDUAL' ? app.residential_address.country : app.country;
  const businessTypes = app.entity_type === 'INDIVIDUAL' ? ['BANKING'] : undefined;
  try {
    return await createSubAccount(
      ctx,
      ctx.principal.accountId,
      { name: app.name, entityType: app.entity_type, businessTypes },
      { country, application: app as unknown as Prisma.InputJsonValue, identifications: applicationIdentifications(app) },
    );
  } catch (e) {
    // An INDIVIDUAL holds BANKING only: the master lacking it is this more precise spec message.
    if (isDomainError(e) && e.code === 'service_not_opened' && app.entity_type === 'INDIVIDUAL') {
      throw accountErrors.onboarding('individual_needs_banking', 'only banking can create individual accounts', 'entity_type');
    }
    throw e;
  }
}

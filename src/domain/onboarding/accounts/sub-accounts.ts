import type { Prisma } from '../../../generated/prisma/client';
import type { RequestContext } from '../../../platform/context';
import { parseInput, validationErrors } from '../../../platform/validation/validate';
import { assertFilesUploaded, subAccountFileIds } from './document-files';
import { accountErrors } from './errors';
import { subAccountIdentifications } from './identifications';
import { ageOn, ONBOARDING_MESSAGES, SANCTIONED_COUNTRIES, UNSUPPORTED_ONBOARDING_COUNTRIES } from './onboarding-rules';
import { createSubAccount, type Account } from './service';
import { createSubAccountBody, INHERIT_MESSAGES, type SubAccountApplication } from './sub-account-rules';

const fail = (code: string, message: string, field?: string) => accountErrors.onboarding(code, message, field);
const DOCS_MISSING = 'check that you have submitted the necessary documents';

function checkCountry(country: string | undefined, field: string): void {
  if (country === undefined) return;
  if ((SANCTIONED_COUNTRIES as readonly string[]).includes(country)) throw fail('sanctioned_country', 'The country is a sanctioned country', field);
  if ((UNSUPPORTED_ONBOARDING_COUNTRIES as readonly string[]).includes(country)) throw fail('country_not_allowed', 'The country is not allowed to be used for onboarding', field);
}

function checkAdult(dateOfBirth: string, now: Date, field: string): void {
  if (ageOn(dateOfBirth, now) < 18) throw validationErrors.failed(field, ONBOARDING_MESSAGES.under18);
}

function checkCompany(app: SubAccountApplication, now: Date): void {
  if (app.inherit === undefined) throw fail('inherit_invalid', INHERIT_MESSAGES.inconsistent, 'inherit');
  if (app.inherit === 1) {
    // Inheriting takes the master's company details; sending them as well is contradictory.
    if (app.company_info || app.company_address || app.ownership_details) throw fail('inherit_invalid', INHERIT_MESSAGES.inconsistent, 'inherit');
    return;
  }
  if (!app.company_info || !app.company_address || !app.ownership_details) throw fail('inherit_details_required', INHERIT_MESSAGES.detailsRequired, 'inherit');
  checkCountry(app.company_info.country_of_incorporation, 'company_info.country_of_incorporation');
  const reps = app.ownership_details.representatives;
  if (reps.length === 0) throw fail('representatives_empty', ONBOARDING_MESSAGES.representativesEmpty, 'ownership_details.representatives');
  if (reps.filter((r) => r.is_applicant === '1').length !== 1) throw fail('one_applicant', ONBOARDING_MESSAGES.oneApplicant, 'ownership_details.representatives');
  reps.forEach((r, i) => {
    checkAdult(r.date_of_birth, now, `ownership_details.representatives[${i}].date_of_birth`);
    if (!r.identity_docs || r.identity_docs.length === 0) {
      throw fail('representative_documents_empty', ONBOARDING_MESSAGES.representativeDocs, `ownership_details.representatives[${i}].identity_docs`);
    }
  });
}

function checkIndividual(app: SubAccountApplication, now: Date): void {
  if (app.business_type !== 'BANKING') throw fail('individual_needs_banking', 'only banking can create individual accounts', 'business_type');
  if (!app.individual_info) throw validationErrors.required('individual_info');
  if (!app.identity_verification) throw validationErrors.required('identity_verification');
  if (!app.expected_activity) throw validationErrors.required('expected_activity');
  if (!app.proof_documents) throw validationErrors.required('proof_documents');
  checkCountry(app.individual_info.country_or_territory, 'individual_info.country_or_territory');
  checkAdult(app.individual_info.date_of_birth, now, 'individual_info.date_of_birth');
  // Catalogue 3.7: face_docs is mandatory for INDIVIDUAL.
  if (!app.identity_verification.face_docs || app.identity_verification.face_docs.length === 0) {
    throw fail('documents_missing', DOCS_MISSING, 'identity_verification.face_docs');
  }
  if (app.expected_activity.account_purpose.includes('OTHERS') && !app.expected_activity.other_purpose) {
    throw validationErrors.required('expected_activity.other_purpose');
  }
}

function nameOf(app: SubAccountApplication): string {
  if (app.nickname) return app.nickname;
  if (app.company_info) return app.company_info.legal_business_name_english;
  if (app.individual_info) return `${app.individual_info.first_name_english} ${app.individual_info.last_name_english}`;
  return `${app.entity_type === 'COMPANY' ? 'Company' : 'Individual'} sub-account`;
}

/**
 * AF2: a connected sub-account from the onboarding form, through the same service as GraphQL
 * createSubAccount and AF1 (service.ts createSubAccount), PENDING until its review.
 */
export async function createSubAccountFromApplication(ctx: RequestContext, raw: unknown): Promise<Account> {
  const app = parseInput(createSubAccountBody, raw);
  // Only a master opens sub-accounts: a sub-account's own key has no such service.
  if (ctx.principal.parentAccountId !== null) {
    throw fail('sub_account_service_not_opened', 'please check whether the master account has opened the create sub account service');
  }
  if (app.entity_type === 'COMPANY') checkCompany(app, ctx.clock.now());
  else checkIndividual(app, ctx.clock.now());
  await assertFilesUploaded(ctx, subAccountFileIds(app));
  const country = app.company_info?.country_of_incorporation ?? app.individual_info?.country_or_territory;
  return createSubAccount(
    ctx,
    ctx.principal.accountId,
    { name: nameOf(app), entityType: app.entity_type, businessTypes: [app.business_type] },
    {
      country,
      application: app as unknown as Prisma.InputJsonValue,
      uen: app.company_info?.company_registration_number,
      identifications: subAccountIdentifications(app),
    },
  );
}

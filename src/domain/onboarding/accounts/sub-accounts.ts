import type { RequestContext } from '../../../platform/context';
import { parseInput, validationErrors } from '../../../platform/validation/validate';
import { assertFilesUploaded, subAccountFileIds } from './document-files';
import { accountErrors } from './errors';
import { subAccountIdentifications } from './identifications';
import { ageOn, ONBOARDING_MESSAGES, SANCTIONED_COUNTRIES, UNSUPPORTED_ONBOARDING_COUNTRIES } from './onboarding-rules';
import { createSubAccount, type Account } from './service';
import { createSubAccountCommand, INHERIT_MESSAGES, type SubAccountApplication } from './sub-account-rules';


function checkCountry(country: string | undefined, field: string): void {
  if (country === undefined) return;
  if ((SANCTIONED_COUNTRIES as readonly string[]).includes(country)) throw accountErrors.sanctionedCountry(field);
  if ((UNSUPPORTED_ONBOARDING_COUNTRIES as readonly string[]).includes(country)) throw accountErrors.countryNotAllowed(field);
}

function checkAdult(dateOfBirth: string, now: Date, field: string): void {
  if (ageOn(dateOfBirth, now) < 18) throw validationErrors.failed(field, ONBOARDING_MESSAGES.under18);
}

function checkCompany(app: SubAccountApplication, now: Date): void {
  if (app.inherit === undefined) throw accountErrors.inheritInvalid();
  if (app.inherit === 1) {
    // Inheriting takes the master's company details; sending them as well is contradictory.
    if (app.companyInfo || app.companyAddress || app.ownershipDetails) throw accountErrors.inheritInvalid();
    return;
  }
  if (!app.companyInfo || !app.companyAddress || !app.ownershipDetails) throw accountErrors.inheritDetailsRequired();
  checkCountry(app.companyInfo.countryOfIncorporation, 'companyInfo.countryOfIncorporation');
  const reps = app.ownershipDetails.representatives;
  if (reps.length === 0) throw accountErrors.representativesEmpty('ownershipDetails.representatives');
  if (reps.filter((r) => r.isApplicant === '1').length !== 1) throw accountErrors.oneApplicant('ownershipDetails.representatives');
  reps.forEach((r, i) => {
    checkAdult(r.dateOfBirth, now, `ownershipDetails.representatives[${i}].dateOfBirth`);
    if (!r.identityDocs || r.identityDocs.length === 0) {
      throw accountErrors.representativeDocumentsEmpty(`ownershipDetails.representatives[${i}].identityDocs`);
    }
  });
}

function checkIndividual(app: SubAccountApplication, now: Date): void {
  if (app.businessType !== 'BANKING') throw accountErrors.individualNeedsBanking('businessType');
  if (!app.individualInfo) throw validationErrors.required('individualInfo');
  if (!app.identityVerification) throw validationErrors.required('identityVerification');
  if (!app.expectedActivity) throw validationErrors.required('expectedActivity');
  if (!app.proofDocuments) throw validationErrors.required('proofDocuments');
  checkCountry(app.individualInfo.countryOrTerritory, 'individualInfo.countryOrTerritory');
  checkAdult(app.individualInfo.dateOfBirth, now, 'individualInfo.dateOfBirth');
  // Catalogue 3.7: face_docs is mandatory for INDIVIDUAL.
  if (!app.identityVerification.faceDocs || app.identityVerification.faceDocs.length === 0) {
    throw accountErrors.documentsMissing('identityVerification.faceDocs');
  }
  if (app.expectedActivity.accountPurpose.includes('OTHERS') && !app.expectedActivity.otherPurpose) {
    throw validationErrors.required('expectedActivity.otherPurpose');
  }
}

function nameOf(app: SubAccountApplication): string {
  if (app.nickname) return app.nickname;
  if (app.companyInfo) return app.companyInfo.legalBusinessNameEnglish;
  if (app.individualInfo) return `${app.individualInfo.firstNameEnglish} ${app.individualInfo.lastNameEnglish}`;
  return `${app.entityType === 'COMPANY' ? 'Company' : 'Individual'} sub-account`;
}

/**
 * AF2: a connected sub-account from the onboarding form, through the same service as GraphQL
 * createSubAccount and AF1 (service.ts createSubAccount), PENDING until its review.
 */
export async function createSubAccountFromApplication(ctx: RequestContext, raw: unknown): Promise<Account> {
  const app = parseInput(createSubAccountCommand, raw);
  // Only a master opens sub-accounts: a sub-account's own key has no such service.
  if (ctx.principal.parentAccountId !== null) {
    throw accountErrors.subAccountServiceNotOpened();
  }
  if (app.entityType === 'COMPANY') checkCompany(app, ctx.clock.now());
  else checkIndividual(app, ctx.clock.now());
  await assertFilesUploaded(ctx, subAccountFileIds(app));
  const country = app.companyInfo?.countryOfIncorporation ?? app.individualInfo?.countryOrTerritory;
  return createSubAccount(
    ctx,
    ctx.principal.accountId,
    { name: nameOf(app), entityType: app.entityType, businessTypes: [app.businessType] },
    {
      country,
      application: app,
      uen: app.companyInfo?.companyRegistrationNumber,
      identifications: subAccountIdentifications(app),
    },
  );
}

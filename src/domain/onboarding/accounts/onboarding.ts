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
    throw accountErrors.sanctionedCountry(field);
  }
  if ((UNSUPPORTED_ONBOARDING_COUNTRIES as readonly string[]).includes(country)) {
    throw accountErrors.countryNotAllowed(field);
  }
}

function checkAdult(dateOfBirth: string, now: Date, field: string): void {
  if (ageOn(dateOfBirth, now) < MINIMUM_AGE) throw validationErrors.failed(field, ONBOARDING_MESSAGES.under18);
}

/** A document carries content: an inline data URI or an uploaded file id, for its front at least. */
const hasFront = (d: { front?: string; frontFileId?: string }) => d.front !== undefined || d.frontFileId !== undefined;

function checkApplication(app: AccountApplication, now: Date): void {
  app.documents.forEach((d, i) => {
    if (!hasFront(d)) throw accountErrors.documentsMissing(`documents[${i}]`);
  });
  if (app.entityType === 'INDIVIDUAL') {
    checkJurisdiction(app.residentialAddress.country, 'residentialAddress.country');
    checkAdult(app.personDetails.dateOfBirth, now, 'personDetails.dateOfBirth');
    if (app.personDetails.accountPurpose.includes('OTHERS') && !app.personDetails.otherPurpose) {
      throw validationErrors.required('personDetails.otherPurpose');
    }
    if (!hasFront(app.personDetails.identification.documents)) {
      throw accountErrors.documentsMissing('personDetails.identification.documents');
    }
    return;
  }
  checkJurisdiction(app.country, 'country');
  if (app.representatives.filter((r) => r.asApplicant).length !== 1) {
    throw accountErrors.oneApplicant('representatives');
  }
  app.representatives.forEach((r, i) => {
    checkAdult(r.dateOfBirth, now, `representatives[${i}].dateOfBirth`);
    if (!hasFront(r.identification.documents)) {
      throw accountErrors.representativeDocumentsEmpty(`representatives[${i}].identification.documents`);
    }
  });
}

/**
 * AF1 / GraphQL createAccount: an onboarded account, connected under the calling master, PENDING
 * until its simulated review (verification.ts). INDIVIDUAL accounts hold the banking product only,
 * and need a master that opened it (spec 7.1 "only banking can create individual accounts").
 */
export async function createAccount(ctx: RequestContext, raw: unknown): Promise<Account> {
  const { entityType } = parseInput(entityTypeOf, raw);
  const app: AccountApplication = entityType === 'INDIVIDUAL' ? parseInput(individualAccount, raw) : parseInput(companyAccount, raw);
  checkApplication(app, ctx.clock.now());
  await assertFilesUploaded(ctx, applicationFileIds(app));
  const country = app.entityType === 'INDIVIDUAL' ? app.residentialAddress.country : app.country;
  const businessTypes = app.entityType === 'INDIVIDUAL' ? ['BANKING'] : undefined;
  try {
    return await createSubAccount(
      ctx,
      ctx.principal.accountId,
      { name: app.name, entityType: app.entityType, businessTypes },
      { country, application: app, identifications: applicationIdentifications(app) },
    );
  } catch (e) {
    // An INDIVIDUAL holds BANKING only: the master lacking it is this more precise spec message.
    if (isDomainError(e) && e.code === 'service_not_opened' && app.entityType === 'INDIVIDUAL') {
      throw accountErrors.individualNeedsBanking('entityType');
    }
    throw e;
  }
}

import type { Prisma } from '../../../generated/prisma/client';
import { camelCase, snakeCase } from '../../../platform/names';

/**
 * The accounts table keeps each onboarding application (AF1, AF2, a resubmission's documents) as
 * JSON in the wire's snake_case names, at every depth: queries read it by path
 * (`onboarding #>> '{company_info,company_registration_number}'`), and rows already stored keep
 * their meaning. The commands speak the domain's names (`companyInfo.companyRegistrationNumber`);
 * the two meet here, where the column is written. Every member name of the applications' schemas
 * is the camelCase of its stored name, so the stored name is its snake_case. A free-form block
 * (AF2's business_details) is stored in the same names.
 */

function stored(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stored);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [snakeCase(k), stored(v)]));
}

/** An application (or a part of one) as the onboarding column stores it. */
export const storedApplication = (application: object): Prisma.InputJsonValue => stored(application) as Prisma.InputJsonValue;

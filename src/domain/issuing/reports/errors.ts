import { defineErrors } from '../../../platform/errors/catalogue';
import { DomainError } from '../../../platform/errors/domain-error';

/** Issuing report errors (spec 7.2's issuing "does not exist" wording). */
export const issuingReportErrors = defineErrors('issuing-reports', 'issuance', {
  /** CI27 for an unknown or malformed id, or another account's report: answered alike. */
  reportNotExists: () =>
    new DomainError({ code: 'issuing_report_not_exists', message: 'Report does not exist', status: 400, kind: 'not_found', field: 'id' }),
});

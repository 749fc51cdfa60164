import type { ErrorCodeOf } from '../../../platform/errors/catalogue';
import { issuingReportErrors } from '../../../domain/issuing/reports/errors';
import { envelopeB, envelopesOf, type EnvelopeTable } from '../../envelope-tables';

/** How the area's errors read on the wire (card issuance only): envelope B, 400, with the error's message (spec 7.2). */
const table = {
  issuing_report_not_exists: { issuance: envelopeB() },
} satisfies EnvelopeTable<ErrorCodeOf<typeof issuingReportErrors>>;

export const issuingReportEnvelopes = envelopesOf(issuingReportErrors, table);

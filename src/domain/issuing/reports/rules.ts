import { z } from 'zod';
import { timeBound } from '../../../platform/pagination/time-range';
import { exactMessage } from '../../../platform/validation/validate';
import { quotedField } from '../../../platform/errors/field-names';

/**
 * CI26 report_type (docs/decisions/issuing/issuing-reports.md "Issuing reports"): SETTLEMENT, the card transactions that
 * settle money (approved clearings and refunds); TRANSACTION, every card transaction; BALANCE, the
 * movements of the issuing balances (CI21).
 */
export const REPORT_TYPES = ['SETTLEMENT', 'TRANSACTION', 'BALANCE'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** A report is generated in the request that creates it, so it exists only COMPLETED. */
export const REPORT_STATUSES = ['COMPLETED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * The longest window one report covers: a leap year, which bounds the size of a snapshot and lets
 * a caller ask for a year (the Python client's README asks for 99 days).
 */
export const MAX_WINDOW_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A report asked for (CI26). startTime and endTime are taken as the issuing lists take them (an RFC 3339
 * date-time, or a YYYY-MM-DD date meaning the whole UTC day); both bounds are inclusive; start
 * must come before end, and the window may span at most MAX_WINDOW_DAYS.
 */
export const createIssuingReportCommand = z
  .object({
    reportType: z.string().trim().toUpperCase().pipe(z.enum(REPORT_TYPES, `must be one of ${REPORT_TYPES.join(', ')}`)),
    startTime: timeBound('start'),
    endTime: timeBound('end'),
  })
  .superRefine((v, ctx) => {
    const span = v.endTime.getTime() - v.startTime.getTime();
    if (span <= 0) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: exactMessage(`Invalid value for field ${quotedField('endTime')}: must be after ${quotedField('startTime')}`) });
    } else if (span > MAX_WINDOW_DAYS * DAY_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['endTime'],
        message: exactMessage(`Invalid value for field ${quotedField('endTime')}: the window may span at most ${MAX_WINDOW_DAYS} days`),
      });
    }
  });
export type CreateIssuingReportCommand = z.output<typeof createIssuingReportCommand>;

/** UTC compact stamp of a window's edge, for the file name: 20260101T000000Z. */
const stamp = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');

/** The download's file name: `<report_type>_<start>_<end>.csv`. */
export const reportFileName = (type: string, start: Date, end: Date): string => `${type}_${stamp(start)}_${stamp(end)}.csv`;

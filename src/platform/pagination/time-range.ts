import { z } from 'zod';
import { exactMessage } from '../validation/validate';
import { quotedField } from '../errors/field-names';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * start_time / end_time of the list filters (BT3, BT4, BT7): an RFC 3339 date-time, or a
 * YYYY-MM-DD date meaning the whole UTC day (its first instant for a start, its last for an end).
 * Both bounds are inclusive.
 */
export function timeBound(edge: 'start' | 'end') {
  return z.string().transform((raw, ctx) => {
    const text = raw.trim();
    const dateOnly = DATE_ONLY.test(text);
    const at = dateOnly ? new Date(`${text}T00:00:00Z`) : DATE_TIME.test(text) ? new Date(text) : new Date(NaN);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'must be an RFC 3339 date-time or a YYYY-MM-DD date' });
      return z.NEVER;
    }
    return dateOnly && edge === 'end' ? new Date(at.getTime() + DAY_MS - 1) : at;
  });
}

export const timeRangeShape = {
  start_time: timeBound('start').optional(),
  end_time: timeBound('end').optional(),
};

/** Refuses a range that ends before it starts (a superRefine of a filter schema). */
export function checkTimeOrder(ctx: z.RefinementCtx, range: { start_time?: Date; end_time?: Date }): void {
  if (range.start_time && range.end_time && range.end_time.getTime() < range.start_time.getTime()) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_time'],
      message: exactMessage(`Invalid value for field ${quotedField('end_time')}: must not be before ${quotedField('start_time')}`),
    });
  }
}

/** The Prisma filter of a timestamp column for an inclusive range; undefined when unbounded. */
export function withinRange(range: { start_time?: Date; end_time?: Date }): { gte?: Date; lte?: Date } | undefined {
  if (!range.start_time && !range.end_time) return undefined;
  return { ...(range.start_time ? { gte: range.start_time } : {}), ...(range.end_time ? { lte: range.end_time } : {}) };
}

/** The same bounds in the domain's names, for a filter the domain reads as a command. */
export const timeRangeMembers = {
  startTime: timeBound('start').optional(),
  endTime: timeBound('end').optional(),
};

export interface TimeRange {
  startTime?: Date;
  endTime?: Date;
}

/** Refuses a range that ends before it starts (a superRefine of a filter schema in the domain's names). */
export function checkTimeRange(ctx: z.RefinementCtx, range: TimeRange): void {
  if (range.startTime && range.endTime && range.endTime.getTime() < range.startTime.getTime()) {
    ctx.addIssue({
      code: 'custom',
      path: ['endTime'],
      message: exactMessage(`Invalid value for field ${quotedField('endTime')}: must not be before ${quotedField('startTime')}`),
    });
  }
}

/** The Prisma filter of a timestamp column for an inclusive range; undefined when unbounded. */
export function withinTimeRange(range: TimeRange): { gte?: Date; lte?: Date } | undefined {
  return withinRange({ start_time: range.startTime, end_time: range.endTime });
}

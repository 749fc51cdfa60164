/**
 * The daily cut of settlements: 00:00 in UTC+8 (16:00 UTC), the day boundary the settlement list
 * filters by (spec 4.10), so a batch's settlement_date is the first instant of its UTC+8 day.
 */
export const UTC8_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

/** The first cut strictly after `t`: a capture at the cut instant itself belongs to the next day. */
export function nextCutAfter(t: Date): Date {
  const shifted = t.getTime() + UTC8_OFFSET_MS;
  const dayStart = shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS);
  return new Date(dayStart + DAY_MS - UTC8_OFFSET_MS);
}

/** 00:00:00.000 of a YYYY-MM-DD day in UTC+8. */
export const utc8DayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00.000Z`) - UTC8_OFFSET_MS);

/** 23:59:59.999 of a YYYY-MM-DD day in UTC+8 (the spec's inclusive 23:59:59). */
export const utc8DayEnd = (day: string): Date => new Date(utc8DayStart(day).getTime() + DAY_MS - 1);

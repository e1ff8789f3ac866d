import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * The date forms the API documents: `YYYY-MM-DD` (midnight UTC), or `YYYY-MM-DDTHH:mm[:ss[.f…]]`
 * with `Z` or `±HH:mm`. A bare local time (whose zone would be the server's), other ISO 8601 forms
 * (week or ordinal dates, expanded years, basic format, comma fractions) and dates that do not
 * exist (2026-02-30, 24:00) are not.
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2})))?$/;

export const ISO_DATE_TIME_DESCRIPTION =
  'YYYY-MM-DD (midnight UTC) or YYYY-MM-DDTHH:mm[:ss[.sss]] followed by Z or ±HH:mm, e.g. 2026-01-31T09:30:00Z';

/** The instant of a date in the documented form (`ISO_DATE_TIME_DESCRIPTION`), or null when it is not one. */
export function parseIsoDateTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = ISO_DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const offsetHours = Number(m[10] ?? 0);
  const offsetMinutes = Number(m[11] ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: the latter reads the years 0 to 99 as 1900 to 1999.
  at.setUTCFullYear(year, month - 1, day);
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  at.setUTCHours(hour, minute, second, millis);
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  const instant = new Date(at.getTime() - offset * 60_000);
  return instant.getUTCFullYear() >= 1 ? instant : null;
}

/** A date in the documented form that exists in the calendar (`parseIsoDateTime`). */
export function IsIsoDateTime(options?: ValidationOptions) {
  return ValidateBy(
    { name: 'isIsoDateTime', validator: { validate: (v: unknown) => parseIsoDateTime(v) !== null } },
    { message: 'validation.dateTimeFormat', ...options },
  );
}

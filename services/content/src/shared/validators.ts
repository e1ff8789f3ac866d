import { Transform } from 'class-transformer';
import { Allow, ValidateBy, type ValidationOptions } from 'class-validator';
import { decode } from 'he';
export { IsTranslations } from '@app/common';

export const trim = Transform(({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value,
);

/** Decimal strings for NUMERIC(38,18) columns (never JS numbers). */
export const DECIMAL_PATTERN = /^\d{1,20}(\.\d{1,18})?$/;

// Bodies are admin-written HTML rendered by the user app; refuse active content outright so that a
// stolen operator session cannot plant script in every visitor's page (the app sanitizes as well).
const UNSAFE_HTML =
  /<\s*\/?\s*(script|iframe|object|embed|base|meta|link|style|form)\b|javascript\s*:|\bon[a-z]+\s*=/i;
const JAVASCRIPT_URL = /javascript\s*:/i;

/**
 * Whether an HTML body holds none of the above. A browser decodes character references in attribute
 * values (`&#106;avascript:`, `java&Tab;script&colon;`, with or without the semicolon) and drops
 * tabs and line breaks inside a URL before it reads the scheme: the body is decoded once, as the
 * browser does (`&amp;#106;` stays a harmless `&#106;`), and stripped of those before the
 * javascript: check. Tags and handler names are not decoded by a browser, so they are checked as
 * written (an escaped `&lt;script&gt;` is text).
 */
export function isSafeHtml(value: string): boolean {
  if (UNSAFE_HTML.test(value)) return false;
  return !JAVASCRIPT_URL.test(decode(value).replace(/[\t\n\r]/g, ''));
}

export function IsSafeHtml(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isSafeHtml',
      validator: { validate: (v: unknown) => typeof v === 'string' && isSafeHtml(v) },
    },
    { message: 'validation.invalid', ...options },
  );
}

/**
 * ra-data-simple-rest's update sends the whole record back (id, timestamps, computed fields).
 * They are accepted and ignored rather than refused as unknown fields.
 */
export class RaRecordEcho {
  @Allow()
  id?: unknown;

  @Allow()
  createdAt?: unknown;

  @Allow()
  updatedAt?: unknown;
}

import { Transform } from 'class-transformer';
import { Allow, ValidateBy, type ValidationOptions } from 'class-validator';
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

export function IsSafeHtml(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isSafeHtml',
      validator: { validate: (v: unknown) => typeof v === 'string' && !UNSAFE_HTML.test(v) },
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

import {
  ValidationPipe,
  type ArgumentMetadata,
  type PipeTransform,
  type ValidationError,
} from '@nestjs/common';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { getMetadataStorage, validateSync, ValidateBy, type ValidationOptions } from 'class-validator';
import { AppException, type FieldError } from '../errors';
import { LANGUAGES } from '../i18n';

/**
 * The message of a field's first-declared rule. class-validator checks a field's rules from the
 * last-declared up (decorators apply bottom-up), so with stopAtFirstError a missing field would be
 * told the message of its last rule (a length or a format). Our DTOs declare the presence or type
 * rule first, with the message for a missing value ("enter your password").
 */
function firstRuleMessage(target: object | undefined, property: string): string | undefined {
  if (!target) return undefined;
  const rules = getMetadataStorage()
    .getTargetValidationMetadatas(target.constructor, '', true, false)
    .filter((m) => m.propertyName === property && typeof m.message === 'string');
  const message = rules.at(-1)?.message;
  return typeof message === 'string' && message.startsWith('validation.') ? message : undefined;
}

function flatten(errors: ValidationError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    const names = Object.keys(constraints);
    if (names.length > 0) {
      // Our DTOs give message keys (`validation.*`); the library's English defaults are replaced by
      // a localized generic text.
      const keyed = names.map((n) => constraints[n]).find((m) => m.startsWith('validation.'));
      const missing = error.value === undefined || error.value === null;
      let message = (missing && firstRuleMessage(error.target, error.property)) || keyed;
      if (!message) {
        if (names.includes('whitelistValidation')) message = 'validation.unknownField';
        else if (names.includes('isDefined') || names.includes('isNotEmpty')) message = 'validation.required';
        else message = 'validation.invalid';
      }
      out.push({ field, message });
    }
    if (error.children?.length) out.push(...flatten(error.children, field));
  }
  return out;
}

/** Validates every body and query at the edge; unknown fields are refused; 400 with field errors. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    // The target lets a missing field be told its first rule's message (firstRuleMessage); the
    // errors themselves never leave the process.
    validationError: { target: true, value: true },
    exceptionFactory: (errors) => AppException.validation(flatten(errors)),
  });
}

/** The same validation for the text fields of a multipart form (which the pipe does not see). */
export function validateForm<T extends object>(dto: ClassConstructor<T>, fields: Record<string, string>): T {
  const instance = plainToInstance(dto, fields);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    stopAtFirstError: true,
    validationError: { target: true, value: true },
  });
  if (errors.length) throw AppException.validation(flatten(errors));
  return instance;
}

/** Text Postgres cannot store or a validator cannot read: a NUL, or a lone UTF-16 surrogate. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isBadText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/** The path of the first string (or key) holding bad text, else null. */
function badTextPath(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return isBadText(value) ? at : null;
  if (depth > 20 || typeof value !== 'object' || value === null) return null;
  for (const [k, v] of Object.entries(value)) {
    if (isBadText(k)) return at ? `${at}.${k}` : k;
    const found = badTextPath(v, at ? `${at}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses a NUL character or a lone surrogate anywhere in a body, query or path parameter (400 on
 * that field), before any other pipe or handler: Postgres text and jsonb cannot hold a NUL, and
 * some validators throw on ill-formed UTF-16; either would surface as a 500.
 */
export class RejectBadTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const found = badTextPath(value, metadata.data ?? '');
    if (found !== null) throw AppException.field(found || metadata.type, 'validation.invalid');
    return value;
  }
}

/**
 * `{ en: "...", fr: "..." }` with only our 11 languages and non-empty texts of at most `maxLength`;
 * English present unless `englishOptional` (the record's own text is the English one then).
 */
export function IsTranslations(
  maxLength: number,
  options?: ValidationOptions & { englishOptional?: boolean },
) {
  const { englishOptional, ...validation } = options ?? {};
  return ValidateBy(
    {
      name: 'isTranslations',
      validator: {
        validate: (v: unknown) => {
          if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
          const entries = Object.entries(v as Record<string, unknown>);
          return (
            (englishOptional || 'en' in v) &&
            entries.every(
              ([k, text]) =>
                (LANGUAGES as readonly string[]).includes(k) &&
                typeof text === 'string' &&
                text.trim().length > 0 &&
                text.length <= maxLength,
            )
          );
        },
      },
    },
    { message: 'validation.invalid', ...validation },
  );
}

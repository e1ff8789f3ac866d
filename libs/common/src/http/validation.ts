import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AppException, type FieldError } from '../errors';

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
      let message = keyed;
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
  });
  if (errors.length) throw AppException.validation(flatten(errors));
  return instance;
}

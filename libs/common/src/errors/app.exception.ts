import { ErrorCode } from './error-code';

export interface FieldError {
  field: string;
  /** A message key (e.g. `validation.enterEmail`) or literal text; translated by the filter. */
  message: string;
  params?: Record<string, string | number>;
}

/**
 * A business answer that is not a success. The global filter turns it into
 * `{ code, result, message }` with HTTP 200 and the message in the caller's language.
 */
export class AppException extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly result: unknown = null,
    readonly params: Record<string, string | number> = {},
    /** Overrides the catalogue text with another message key. */
    readonly messageKey?: string,
  ) {
    super(`AppException ${code}`);
  }

  static validation(errors: FieldError[]): AppException {
    return new AppException(ErrorCode.BadRequest, errors);
  }

  static field(field: string, message: string, params?: Record<string, string | number>): AppException {
    return AppException.validation([{ field, message, params }]);
  }

  /**
   * A value already taken (an e-mail of another account): code 409 as every conflict, the message
   * both as the answer's message and as a field error in `result`, so that a form shows it under
   * the field.
   */
  static fieldConflict(
    field: string,
    message: string,
    params?: Record<string, string | number>,
  ): AppException {
    return new AppException(ErrorCode.Conflict, [{ field, message, params }], params ?? {}, message);
  }
}

/** A success answer with a code other than 200 (e.g. 20002 "deposit added and under review"). */
export class ApiSuccess<T> {
  constructor(
    readonly result: T,
    readonly code: ErrorCode = ErrorCode.Success,
  ) {}
}

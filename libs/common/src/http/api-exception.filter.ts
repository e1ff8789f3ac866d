import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppException, ErrorCode, type FieldError } from '../errors';
import { fieldLabel, messageForCode, translate, type Language } from '../i18n';
import { envelope } from './envelope';
import { requestLanguage } from './request-context';

export function localizeFieldErrors(
  lang: Language,
  errors: FieldError[],
): { field: string; message: string }[] {
  return errors.map((e) => ({
    field: e.field,
    message: translate(lang, e.message, { field: fieldLabel(lang, e.field), ...(e.params ?? {}) }),
  }));
}

const knownHttpCodes = new Set<number>([400, 401, 403, 404, 405, 409, 413, 415, 422, 429]);

/**
 * Every failure becomes `{ code, result, message }`. Business failures answer HTTP 200 (the spec's
 * clients read `code`); transport-level failures (unknown route, unreadable body, too large) keep
 * their HTTP status. Unknown errors answer 500 with no internals.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    const lang = requestLanguage(req);

    if (exception instanceof AppException) {
      const result =
        (exception.code === ErrorCode.BadRequest || exception.code === ErrorCode.Conflict) &&
        Array.isArray(exception.result)
          ? localizeFieldErrors(lang, exception.result as FieldError[])
          : exception.result;
      const message = exception.messageKey
        ? translate(lang, exception.messageKey, exception.params)
        : translate(lang, `code.${exception.code}`, exception.params);
      void reply.status(200).send(envelope(exception.code, result, message));
      return;
    }

    const status = this.statusOf(exception);
    if (status !== undefined && knownHttpCodes.has(status)) {
      const code = status === 405 ? 404 : status;
      void reply.status(status).send(envelope(code, null, messageForCode(lang, code)));
      return;
    }

    // Postgres "data exception" (SQLSTATE class 22: a number out of its column's range, text it
    // cannot read, a value too long) comes from a value the input carried: a bad request, logged,
    // not a 500. So does a table's CHECK (23514) that no field check caught before the write (each
    // known one is told on its field). The statement failed, so its transaction changed nothing.
    const sqlState = (exception as { driverError?: { code?: unknown } })?.driverError?.code;
    if (typeof sqlState === 'string' && (sqlState.startsWith('22') || sqlState === '23514')) {
      this.logger.warn(`input refused by the database (${sqlState}): ${(exception as Error).message}`);
      void reply
        .status(200)
        .send(envelope(ErrorCode.BadRequest, null, messageForCode(lang, ErrorCode.BadRequest)));
      return;
    }

    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    void reply.status(500).send(envelope(ErrorCode.Internal, null, messageForCode(lang, 500)));
  }

  private statusOf(exception: unknown): number | undefined {
    if (exception instanceof HttpException) return exception.getStatus();
    // Fastify's own errors (body too large, bad content type, bad JSON) carry `statusCode`.
    const statusCode = (exception as { statusCode?: unknown })?.statusCode;
    return typeof statusCode === 'number' ? statusCode : undefined;
  }
}

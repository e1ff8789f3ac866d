import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { map, type Observable } from 'rxjs';
import { ApiSuccess, ErrorCode } from '../errors';
import { messageForCode } from '../i18n';
import { requestLanguage } from './request-context';

export interface Envelope<T> {
  code: number;
  result: T;
  message: string;
}

/** Wraps every controller result in `{ code: 200, result, message }` (or the ApiSuccess code). */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<Envelope<unknown>> {
    const lang = requestLanguage(context.switchToHttp().getRequest<FastifyRequest>());
    return next.handle().pipe(
      map((value: unknown) => {
        const code = value instanceof ApiSuccess ? value.code : ErrorCode.Success;
        const result = value instanceof ApiSuccess ? value.result : value;
        return { code, result: result ?? null, message: messageForCode(lang, code) };
      }),
    );
  }
}

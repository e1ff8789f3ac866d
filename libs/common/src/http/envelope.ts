import type { INestApplication } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { ApiSuccess, ErrorCode } from '../errors';
import { messageForCode } from '../i18n';
import { requestLanguage } from './request-context';

export interface Envelope<T> {
  code: number;
  result: T;
  message: string;
}

/** Payloads already in the envelope (built by the exception filter) are sent as they are. */
const enveloped = new WeakSet<object>();

export function envelope<T>(code: number, result: T, message: string): Envelope<T> {
  const body = { code, result, message };
  enveloped.add(body);
  return body;
}

/**
 * Wraps every controller result in `{ code: 200, result, message }` (or the code of an ApiSuccess).
 * A Fastify preSerialization hook does it rather than a Nest interceptor: the interceptor's
 * observable pipeline cost a third of the throughput of a trivial route (bench/http).
 * Handlers that answer nothing return `new ApiSuccess(null)` (Fastify skips the hook for null).
 */
export function installEnvelope(app: INestApplication): void {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  fastify.addHook('preSerialization', (request, _reply, payload: unknown, done) => {
    if (
      (typeof payload === 'object' && payload !== null && enveloped.has(payload)) ||
      request.url.startsWith('/swx/docs')
    ) {
      done(null, payload);
      return;
    }
    const code = payload instanceof ApiSuccess ? payload.code : ErrorCode.Success;
    const result: unknown = payload instanceof ApiSuccess ? payload.result : payload;
    done(null, { code, result: result ?? null, message: messageForCode(requestLanguage(request), code) });
  });
}

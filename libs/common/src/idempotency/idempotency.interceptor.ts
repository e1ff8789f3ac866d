import {
  applyDecorators,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiHeader } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import { ApiSuccess, AppException, ErrorCode } from '../errors';
import { clientAddress, requestBook, type AppRequest } from '../http/request-context';

const IDEMPOTENT = 'swx:idempotent';

/** Whether a route handler carries @Idempotent(), i.e. moves money (DESIGN.md). */
export const isIdempotentRoute = (handler: object): boolean =>
  Reflect.getMetadata(IDEMPOTENT, handler) === true;

type StoredAnswer =
  | { kind: 'value'; code: number; result: unknown }
  | {
      kind: 'error';
      code: number;
      result: unknown;
      params: Record<string, string | number>;
      messageKey?: string;
    };

/** Canonical JSON (sorted keys) so that the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `Idempotency-Key` on money-moving POSTs: the first request runs and its answer is stored; a
 * replay gets the stored answer, a concurrent duplicate 409, the same key with another body 422.
 * Without the header the request runs as usual (the spec's original clients do not send it).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<AppRequest>();
    const raw = req.headers['idempotency-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !this.reflector.get<boolean>(IDEMPOTENT, context.getHandler())) return next.handle();
    return from(this.run(req, key, next));
  }

  private async run(req: AppRequest, key: string, next: CallHandler): Promise<unknown> {
    if (key.length > 255) throw AppException.field('Idempotency-Key', 'validation.invalid');
    const owner = req.principal ? `${req.principal.kind}:${req.principal.id}` : `ip:${clientAddress(req)}`;
    // The book (`virtually`) and the path's parameters are part of the request: the same key and
    // body on the other book, or on another record (`…/:id/approve`), is another request (422), not
    // a replay of the first one's answer.
    const route = `${req.method} ${req.routeOptions?.url ?? req.url} ${canonical(req.params ?? null)}`;
    const hash = createHash('sha256')
      .update(`${route} ${requestBook(req)}\n${canonical(req.body ?? null)}`)
      .digest('hex');
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO common.idempotency_keys (owner, key, request_hash, state) VALUES ($1, $2, $3, 'processing')
       ON CONFLICT (owner, key) DO NOTHING RETURNING 1`,
      [owner, key, hash],
    );
    if (inserted.length === 0) return this.replay(owner, key, hash);

    try {
      const value = await lastValueFrom(next.handle(), { defaultValue: null });
      const answer: StoredAnswer =
        value instanceof ApiSuccess
          ? { kind: 'value', code: value.code, result: value.result }
          : { kind: 'value', code: ErrorCode.Success, result: value };
      await this.store(owner, key, answer);
      return value;
    } catch (error) {
      if (error instanceof AppException) {
        await this.store(owner, key, {
          kind: 'error',
          code: error.code,
          result: error.result,
          params: error.params,
          messageKey: error.messageKey,
        });
      } else {
        // An unexpected failure stored nothing: the client may retry with the same key.
        await this.dataSource.query(`DELETE FROM common.idempotency_keys WHERE owner = $1 AND key = $2`, [
          owner,
          key,
        ]);
      }
      throw error;
    }
  }

  private async replay(owner: string, key: string, hash: string): Promise<unknown> {
    const rows: { request_hash: string; state: string; answer: StoredAnswer | null }[] =
      await this.dataSource.query(
        `SELECT request_hash, state, answer FROM common.idempotency_keys WHERE owner = $1 AND key = $2`,
        [owner, key],
      );
    const row = rows[0];
    if (!row) throw new AppException(ErrorCode.Conflict);
    if (row.request_hash !== hash) throw new AppException(ErrorCode.IdempotencyMismatch);
    if (row.state !== 'done' || !row.answer) throw new AppException(ErrorCode.Conflict);
    const answer = row.answer;
    if (answer.kind === 'error')
      throw new AppException(answer.code, answer.result, answer.params, answer.messageKey);
    return new ApiSuccess(answer.result, answer.code);
  }

  private async store(owner: string, key: string, answer: StoredAnswer): Promise<void> {
    await this.dataSource.query(
      `UPDATE common.idempotency_keys SET state = 'done', answer = $3 WHERE owner = $1 AND key = $2`,
      [owner, key, JSON.stringify(answer)],
    );
  }
}

/** Marks a money-moving POST as honouring the `Idempotency-Key` header. */
export const Idempotent = () =>
  applyDecorators(
    SetMetadata(IDEMPOTENT, true),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        'A unique key per operation: a replay answers the first result; 409 while it runs; 422 for another body',
    }),
  );

import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppException, ErrorCode } from '../errors';
import {
  clientAddress,
  requestBook,
  requestLanguage,
  type AppRequest,
  type AuthPrincipal,
  type Book,
} from './request-context';
import type { Language } from '../i18n';

/** The book chosen by the `virtually` header. */
export const CurrentBook = createParamDecorator((_: unknown, ctx: ExecutionContext): Book =>
  requestBook(ctx.switchToHttp().getRequest<FastifyRequest>()),
);

export const CurrentLanguage = createParamDecorator((_: unknown, ctx: ExecutionContext): Language =>
  requestLanguage(ctx.switchToHttp().getRequest<FastifyRequest>()),
);

export const ClientIp = createParamDecorator((_: unknown, ctx: ExecutionContext): string =>
  clientAddress(ctx.switchToHttp().getRequest<FastifyRequest>()),
);

/** The authenticated principal set by the auth guard; a route without the guard gets 401. */
export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthPrincipal => {
  const principal = ctx.switchToHttp().getRequest<AppRequest>().principal;
  if (!principal) throw new AppException(ErrorCode.Unauthorized);
  return principal;
});

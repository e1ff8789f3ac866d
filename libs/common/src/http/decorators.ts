import { createParamDecorator, SetMetadata, type ExecutionContext, type Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
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

const bookOfRequest = (_: unknown, ctx: ExecutionContext): Book =>
  requestBook(ctx.switchToHttp().getRequest<FastifyRequest>());

/** The book chosen by the `virtually` header. */
export const CurrentBook = createParamDecorator(bookOfRequest);

/**
 * Whether a route handler takes the book (has a @CurrentBook() parameter), i.e. acts on the book
 * the `virtually` header chooses (routes of the real book only do not take it).
 */
export function takesCurrentBook(controller: Type, handler: { name: string }): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler.name) ?? {}) as Record<
    string,
    { factory?: unknown }
  >;
  return Object.values(args).some((arg) => arg.factory === bookOfRequest);
}

const WINDS_DOWN = 'swx:winds-down';

/**
 * Marks a money route that only winds down what the user holds (closes a position, cancels an
 * order, and what it held returns): allowed on a demo book an operator disabled (DemoBookGate), so
 * that nobody is locked into an open position there.
 */
export const WindsDown = () => SetMetadata(WINDS_DOWN, true);

/** Whether a route handler carries @WindsDown(). */
export const windsDown = (handler: object): boolean => Reflect.getMetadata(WINDS_DOWN, handler) === true;

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

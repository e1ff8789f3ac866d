import type { FastifyRequest } from 'fastify';
import { resolveLanguage, type Language } from '../i18n';

export type Book = 'real' | 'demo';

export interface AuthPrincipal {
  kind: 'customer' | 'admin';
  /** The user's or the admin's id. */
  id: string;
  sessionId: string;
  roles: string[];
  /** A customer's demo book is disabled (read with the session; absent when not known). */
  demoDisabled?: boolean;
}

export type AppRequest = FastifyRequest & { principal?: AuthPrincipal; language?: Language };

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function requestLanguage(req: FastifyRequest): Language {
  const r = req as AppRequest;
  r.language ??= resolveLanguage(header(req, 'lang'), header(req, 'accept-language'));
  return r.language;
}

/** `virtually: YES` selects the real book; `NO` or no header the demo book (DESIGN.md, API contract). */
export function requestBook(req: FastifyRequest): Book {
  return header(req, 'virtually')?.trim().toUpperCase() === 'YES' ? 'real' : 'demo';
}

/** `Authorization: Bearer <jwt>`, or the bare token as older clients send it. */
export function requestToken(req: FastifyRequest): string | undefined {
  const raw = header(req, 'authorization')?.trim();
  if (!raw) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(raw);
  const token = (match ? match[1] : raw).trim();
  return token.length > 0 ? token : undefined;
}

export function clientAddress(req: FastifyRequest): string {
  return req.ip ?? 'unknown';
}

import { AppException, clientAddress, type AppRequest, type AuthPrincipal } from '@app/common';
import type { AdminActor } from './admin-instruments.service';

/** A record id of the market's admin routes (a serial), checked at the edge. */
export function parseId(id: string): number {
  if (!/^\d{1,9}$/.test(id)) throw AppException.field('id', 'validation.invalid');
  return Number(id);
}

/** Who does an admin action, for its audit row. */
export const actorOf = (p: AuthPrincipal, req: AppRequest): AdminActor => ({
  id: p.id,
  ip: clientAddress(req),
});

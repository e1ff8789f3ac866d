import { clientAddress, type AppRequest, type AuthPrincipal } from '@app/common';

/** Who did an admin write, for the audit row. */
export interface AdminActor {
  id: string;
  ip: string;
}

export function adminActor(principal: AuthPrincipal, req: AppRequest): AdminActor {
  return { id: principal.id, ip: clientAddress(req) };
}

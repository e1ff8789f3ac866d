import type { AuthProvider } from 'react-admin';
import { API_URL, httpClient, loadSession, saveSession, type AdminSession } from './api';
import { i18nProvider } from './i18n/i18nProvider';

/** What the login form sends: the password step, or the second-factor step when the API asks for one. */
export type LoginParams =
  | { email: string; password: string }
  | { challenge: string; code: string }
  | { challenge: string; recoveryCode: string };

/** Thrown by login() when the API answers a second-factor challenge instead of a session. */
export class SecondFactorRequired extends Error {
  constructor(readonly challenge: string) {
    super('second factor required');
  }
}

export const ROLES = { reviewer: 'reviewer', operator: 'operator', superAdmin: 'super_admin' } as const;

/** Whether the admin holds one of the roles (super-admins hold every role), as the API checks it. */
export function hasRole(roles: unknown, ...wanted: string[]): boolean {
  if (!Array.isArray(roles)) return false;
  return roles.includes(ROLES.superAdmin) || wanted.some((r) => roles.includes(r));
}

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    const path = 'challenge' in params ? '/login2fa' : '/login';
    const { json } = await httpClient(`${API_URL}${path}`, { method: 'POST', body: JSON.stringify(params) });
    const answer = json as Partial<AdminSession> & { twoFactorRequired?: boolean; challenge?: string };
    if (answer.twoFactorRequired && answer.challenge) throw new SecondFactorRequired(answer.challenge);
    saveSession(answer as AdminSession);
  },
  async logout() {
    saveSession(null);
  },
  async checkAuth() {
    if (!loadSession()) throw new Error('ra.auth.auth_check_error');
  },
  async checkError(error: { status?: number }) {
    // 401: the session expired or was closed; 403 is a missing role and keeps the session.
    if (error?.status === 401) {
      saveSession(null);
      throw new Error('ra.notification.logged_out');
    }
  },
  async getIdentity() {
    const session = loadSession();
    if (!session) throw new Error('ra.auth.auth_check_error');
    // The roles in the console's language (the app bar asks again when the language changes).
    const roles = session.admin.roles.map((role) =>
      i18nProvider.translate(`swx.admins.role.${role}`, { _: role }),
    );
    return { id: session.admin.id, fullName: `${session.admin.email} (${roles.join(', ')})` };
  },
  async getPermissions() {
    return loadSession()?.admin.roles ?? [];
  },
};

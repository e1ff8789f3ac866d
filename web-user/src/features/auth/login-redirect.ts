import { session } from '../../shared/session';
import type { LoginResult } from './api/auth-api';

/** Where a login started with ?redirect= continues after a round trip to Google. */
const REDIRECT_KEY = 'loginRedirect';

/** Only paths of this app: no other origin, no protocol-relative URL. */
export function safeRedirect(redirect: string | null | undefined): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/profile';
}

export function rememberRedirect(redirect: string | null): void {
  if (redirect) sessionStorage.setItem(REDIRECT_KEY, redirect);
  else sessionStorage.removeItem(REDIRECT_KEY);
}

export function takeRememberedRedirect(): string | null {
  const value = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return value;
}

/** Stores the session of a completed login. */
export function completeLogin(result: LoginResult): void {
  session.login(result.token, result.user ?? null);
}

export type ContactType = 'email' | 'phone';

export const PHONE_PATTERN = /^\+[1-9]\d{5,14}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;

/** E-mails compare case-insensitively; phones are `+<area code><number>` with separators removed. */
export function normalizeContact(type: ContactType, account: string): string {
  const trimmed = account.trim();
  return type === 'email' ? trimmed.toLowerCase() : trimmed.replace(/[\s()-]/g, '');
}

/** How an account name typed at login is meant: an e-mail, a phone, or a username. */
export function classifyAccount(account: string): 'email' | 'phone' | 'username' {
  const trimmed = account.trim();
  if (trimmed.includes('@')) return 'email';
  if (trimmed.startsWith('+')) return 'phone';
  return 'username';
}

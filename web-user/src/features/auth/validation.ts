// Client-side checks with the messages of spec section 5; the server checks again.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;
export const CODE_PATTERN = /^\d{6}$/;
export const MIN_PASSWORD = 8;

/** Translation keys of the auth namespace, or null when valid. */
export function checkEmail(value: string): string | null {
  if (!value.trim()) return 'validation.enterEmail';
  if (!EMAIL_PATTERN.test(value.trim())) return 'validation.emailFormat';
  return null;
}
export function checkPassword(value: string): string | null {
  if (!value) return 'validation.enterPassword';
  if (value.length < MIN_PASSWORD) return 'validation.passwordLength';
  return null;
}
export function checkConfirm(password: string, confirm: string): string | null {
  if (!confirm) return 'validation.confirmPassword';
  if (password !== confirm) return 'validation.notSame';
  return null;
}
export function checkCode(value: string, sent: boolean): string | null {
  if (!sent && !value) return 'validation.sendCodeFirst';
  if (!value.trim()) return 'validation.enterCode';
  if (!CODE_PATTERN.test(value.trim())) return 'validation.codeFormat';
  return null;
}
export function checkUsername(value: string): string | null {
  if (!value.trim()) return 'validation.enterUsername';
  if (!USERNAME_PATTERN.test(value.trim())) return 'validation.usernameFormat';
  return null;
}
export function checkPhone(value: string): string | null {
  if (!value.trim()) return 'validation.enterPhone';
  if (!/^\d{5,14}$/.test(value.trim())) return 'validation.phoneFormat';
  return null;
}

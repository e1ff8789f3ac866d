import { randomInt } from 'node:crypto';
import { hashSecret, verifySecret } from '@app/common';

/** Number of recovery codes issued when 2FA is enabled; each works once. */
export const RECOVERY_CODE_COUNT = 10;

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 10 characters from a 31-letter alphabet (~50 bits), shown as xxxxx-xxxxx. */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Case, spaces and dashes do not matter; anything that cannot be a code answers null. */
export function normalizeRecoveryCode(given: string): string | null {
  const compact = given.trim().toLowerCase().replace(/[\s-]/g, '');
  if (!/^[a-z0-9]{10}$/.test(compact)) return null;
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}

/** A fresh set of codes (shown once) and their argon2 hashes (the only thing stored). */
export async function issueRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
  return { codes, hashes: await Promise.all(codes.map((c) => hashSecret(c))) };
}

/** The unused row whose argon2 hash matches the given code, if any (each is tried). */
export async function matchRecoveryCode<T extends { codeHash: string }>(
  unused: T[],
  given: string,
): Promise<T | null> {
  const normalized = normalizeRecoveryCode(given);
  if (!normalized) return null;
  for (const row of unused) if (await verifySecret(row.codeHash, normalized)) return row;
  return null;
}

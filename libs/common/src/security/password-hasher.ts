import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 iterations). */
export async function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

export async function verifySecret(hashed: string | null | undefined, secret: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}

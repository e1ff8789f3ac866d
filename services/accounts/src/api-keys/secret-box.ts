import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Keeps API-key secrets encrypted at rest. HMAC verification needs the secret itself, so it cannot
 * be hashed; it is sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server's
 * JWT secret, with the key id as associated data so that a sealed secret cannot be moved to
 * another key's row. A database dump alone does not reveal any secret.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(masterSecret: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', masterSecret, 'swx-api-key-secrets', 'aes-256-gcm api-key secret v1', 32),
    );
  }

  seal(plaintext: string, boundTo: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map(encode).join('.');
  }

  /** The plaintext, or null when the box was tampered with or sealed under another key. */
  open(box: string, boundTo: string): string | null {
    const [version, iv, tag, ciphertext] = box.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}

function encode(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}

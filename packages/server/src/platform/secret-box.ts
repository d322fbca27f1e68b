import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {}

/**
 * Encrypts secrets stored in the database (AES-256-GCM). The key is derived from the server secret
 * (SESSION_SECRET, or the one generated under DATA_DIR) with HKDF and a purpose label, so different
 * uses never share a key. Changing the server secret makes sealed values unreadable (open() throws).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'gw-secret-box', purpose, 32));
  }

  /** "v1:" + base64(iv | tag | ciphertext). */
  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(sealed: string): string {
    if (!sealed.startsWith(VERSION)) throw new SecretBoxError('not a sealed value');
    const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('sealed value is truncated');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('sealed value cannot be opened with this server secret');
    }
  }
}

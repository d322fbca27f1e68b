import { SecretBox, SecretBoxError } from '../platform/secret-box.js';

const MASK = '****';

/** A key as users see it again: the first 3 and last 4 characters ("sk-****abcd"); short keys hide fully. */
export function maskKey(key: string): string {
  return key.length <= 10 ? MASK : `${key.slice(0, 3)}${MASK}${key.slice(-4)}`;
}

/** True when a key sent back is the masked form of `stored` (the console echoes the masked key). */
export function isMaskedEcho(sent: string, stored: string): boolean {
  return sent.includes(MASK) && sent === maskKey(stored);
}

/** Seals users' supplier keys at rest and opens them for the relay and the supplier calls. */
export class CustomModelKeys {
  private readonly box: SecretBox;

  constructor(serverSecret: string) {
    this.box = new SecretBox(serverSecret, 'user-custom-model-key');
  }

  seal(key: string): string {
    return this.box.seal(key);
  }

  /** The plain key, or null when it cannot be opened (the server secret changed: the user must enter it again). */
  open(sealed: string | null): string | null {
    if (!sealed) return null;
    try {
      return this.box.open(sealed);
    } catch (err) {
      if (err instanceof SecretBoxError) return null;
      throw err;
    }
  }
}

import { randomInt } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH } from '@gw/contracts';
import { randomAlphanumeric } from '../platform/crypto.js';

// Capitals and digits without the look-alikes 0/O and 1/I, so a code read from a mail is typed right.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomFrom(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A 6-character code for an e-mail message. */
export const newEmailCode = (): string => randomFrom(CODE_ALPHABET, VERIFICATION_CODE_LENGTH);

/** A 6-digit code for a text message. */
export const newSmsCode = (): string => randomFrom('0123456789', VERIFICATION_CODE_LENGTH);

/** The secret of a password-reset link. */
export const newResetToken = (): string => randomAlphanumeric(32);

import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { TOTP_DIGITS } from '@gw/contracts';

/** A previous or next 30-second step is accepted too, for clocks a little off. */
const TOLERANCE_SECONDS = 30;

/** A new base32 secret (160 bits), as authenticator apps expect. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret });
}

export function totpQrDataUrl(uri: string): Promise<string> {
  return QRCode.toDataURL(uri, { margin: 1, width: 220 });
}

/** Whether a typed value has the shape of a TOTP code (6 digits, spaces ignored). */
export function looksLikeTotp(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code.replace(/\s+/g, ''));
}

/**
 * Checks a code; answers its RFC 6238 time step, or null. Codes of `afterTimeStep` or earlier are refused,
 * which makes each accepted code single-use (the caller stores the step).
 */
export async function verifyTotp(secret: string, code: string, afterTimeStep: number, epochSeconds?: number): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!looksLikeTotp(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterTimeStep > 0 ? { afterTimeStep } : {}),
      ...(epochSeconds !== undefined ? { epoch: epochSeconds } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib throws when the stored step lies ahead of the clock (a clock moved back): refuse, never crash.
    return null;
  }
}

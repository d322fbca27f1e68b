import { expect } from 'vitest';
import { generate } from 'otplib';
import type { Member, TestContext } from '../../test/test-app.js';
import { callJson } from '../users/users.test-helpers.js';

/** A code from the authenticator app, `offsetSeconds` from now (the server accepts the steps either side). */
export const totpCode = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/**
 * Turns TOTP on for `who` through the API, confirmed with the previous step's code so the current and the
 * next step's codes are still unused. Answers the secret and the backup codes.
 */
export async function enrolTotp(ctx: TestContext, who: Member): Promise<{ secret: string; backupCodes: string[] }> {
  const setup = await callJson(ctx, 'POST', '/api/user/2fa/setup', who);
  expect(setup.success, setup.message).toBe(true);
  const enable = await callJson(ctx, 'POST', '/api/user/2fa/enable', who, { code: await totpCode(setup.data.secret, -30) });
  expect(enable.success, enable.message).toBe(true);
  return { secret: setup.data.secret, backupCodes: setup.data.backup_codes };
}

/** POST /api/verify with a code (a TOTP or a backup code). */
export function verifyWithCode(ctx: TestContext, who: Member, code: string) {
  return callJson(ctx, 'POST', '/api/verify', who, { method: '2fa', code });
}

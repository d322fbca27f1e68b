import type { TwoFactorChallenge } from '@gw/contracts';
import type { UserRow } from '../db/schema.js';

/**
 * Two-factor sign-in as every sign-in route (password, phone, third-party) sees it: a user who has it
 * on gets a challenge instead of a session, completed by POST /api/user/login/2fa.
 */
export interface SecondFactor {
  challengeFor(user: UserRow): Promise<TwoFactorChallenge | null>;
}

import { BINDING_COLUMNS, BINDING_TYPES } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { OptionsService } from '../options/options.service.js';
import { PROVIDER_COLUMN, oauthIdentitiesRepository } from '../oauth/oauth-identities.repository.js';
import { passkeysRepository } from '../two-factor/passkeys.repository.js';

/** A custom provider's account, as a way in (slugs may repeat built-in names, so they get a prefix). */
export const customWay = (slug: string) => `custom:${slug}`;

/**
 * The ways a user can still get into their account: a password, an e-mail address (a password reset mails a
 * new password), a phone number (SMS sign-in), each bound third-party account (built-in by binding type,
 * custom as `custom:<slug>`) and passkeys while the site allows them. Clearing a binding must leave one.
 */
export async function signInWaysOf(db: Db, options: OptionsService, user: UserRow): Promise<Set<string>> {
  const ways = new Set<string>();
  if (user.password) ways.add('password');
  if (user.phone) ways.add('phone');
  for (const type of BINDING_TYPES) if (user[BINDING_COLUMNS[type]]) ways.add(type);
  const builtIn = new Set<string>(Object.keys(PROVIDER_COLUMN));
  for (const provider of await oauthIdentitiesRepository.providersOf(db, user.id)) ways.add(builtIn.has(provider) ? provider : customWay(provider));
  if (options.get('passkey.enabled') && (await passkeysRepository.countForUser(db, user.id)) > 0) ways.add('passkey');
  return ways;
}

/** Whether removing `way` would leave the user without any way in. */
export async function isLastWayIn(db: Db, options: OptionsService, user: UserRow, way: string): Promise<boolean> {
  const ways = await signInWaysOf(db, options, user);
  ways.delete(way);
  return ways.size === 0;
}

import { UserStatus } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { TokenWithOwner } from '../tokens/tokens.repository.js';
import { TokenStatus } from '../tokens/token-status.js';
import { ForbiddenError, UnauthorizedError } from '../http/errors.js';
import { loadApiKey, parseApiKey } from '../relay/pipeline/authenticate-api-key.js';
import type { ApiKeyCache } from '../relay/pipeline/api-key-cache.js';

/**
 * new-api's TokenAuthReadOnly: an API key may read its own usage and logs even once it has expired or
 * run out of quota. Refused: no key or a malformed one, an unknown or deleted key, a disabled key (401),
 * and a key whose owner is disabled (403). `sk-KEY-CHANNELID` is accepted; the channel is ignored.
 */
export async function authenticateReadOnlyKey(rawKey: string | undefined, opts: { db: Db; cache?: ApiKeyCache }): Promise<TokenWithOwner> {
  if (!rawKey) throw new UnauthorizedError('no API key provided; send it as "Authorization: Bearer sk-..."');
  const parsed = parseApiKey(rawKey);
  if (!parsed) throw new UnauthorizedError('invalid API key format');
  const row = opts.cache?.get(parsed.key) ?? (await loadApiKey(opts.db, parsed.key, opts.cache));
  if (!row || row.user_deleted_at !== null) throw new UnauthorizedError('invalid API key');
  if (row.status === TokenStatus.Disabled) throw new UnauthorizedError('this API key is disabled');
  if (row.user_status !== UserStatus.Enabled) throw new ForbiddenError('the account that owns this API key is disabled');
  return row;
}

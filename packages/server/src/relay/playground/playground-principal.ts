import { PLAYGROUND_TOKEN_PREFIX, UserStatus } from '@gw/contracts';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../http/request-context.js';
import { usersRepository } from '../../users/users.repository.js';
import type { RelayBody } from '../providers/provider-adapter.js';
import { forbidden, invalidRequest, unauthorized } from '../relay-error.js';
import { checkUserBudget, type ApiKeyPrincipal } from '../pipeline/authenticate-api-key.js';
import { budgetPeriodOf } from '../../billing/spending-limit.js';

/**
 * The playground (POST /pg/chat/completions, new-api's): the console's signed-in user tries models
 * without an API key. The user stands in for a key that has no limits of its own — no token quota,
 * model list, IP list or token group — so only the user's checks apply; billing takes token id 0 and
 * the log names the key `playground-<group>`, as new-api's does.
 */

/** As long as a token's group may be. */
const MAX_GROUP_LENGTH = 64;

export interface PlaygroundPrincipalDeps {
  db: Db;
  /** The groups a user of `userGroup` may choose (UserUsableGroups, plus `auto` when offered). */
  usableGroups: (userGroup: string) => Set<string>;
}

/** The caller of a playground request, and its body without the playground's own `group` field. */
export interface PlaygroundCaller {
  principal: ApiKeyPrincipal;
  body: RelayBody;
}

/**
 * Reads the optional `group` of the body (the group to route and price in; the user's own when empty),
 * checks it is one the user may use, and builds the principal the relay pipeline runs with. `group` is
 * taken out of the body, so no upstream sees it.
 */
export async function playgroundCaller(deps: PlaygroundPrincipalDeps, actor: Actor, body: RelayBody): Promise<PlaygroundCaller> {
  if (body.kind !== 'json') throw invalidRequest('the playground takes a JSON body');
  const { group: requested, ...rest } = body.json;
  if (requested !== undefined && requested !== null && typeof requested !== 'string') throw invalidRequest('group must be a string', 'invalid_group');
  if (typeof requested === 'string' && requested.length > MAX_GROUP_LENGTH) throw invalidRequest('group is too long', 'invalid_group');
  const user = await usersRepository.findById(deps.db, actor.id);
  if (!user) throw unauthorized('not signed in or the session has expired', 'unauthorized');
  if (user.status !== UserStatus.Enabled) throw forbidden('this account has been disabled', 'user_banned');
  checkUserBudget(user);
  const group = typeof requested === 'string' && requested.trim() !== '' ? requested.trim() : user.group;
  if (group !== user.group && !deps.usableGroups(user.group).has(group)) {
    throw forbidden(`you may not use the group "${group}"`, 'group_not_allowed');
  }
  const principal: ApiKeyPrincipal = {
    tokenId: 0,
    tokenName: `${PLAYGROUND_TOKEN_PREFIX}${group}`,
    tokenUnlimited: true,
    tokenRemainQuota: 0,
    userId: user.id,
    username: user.username,
    userRole: user.role,
    userQuota: user.quota,
    userSetting: user.setting,
    subscriptionUntil: user.subscription_until,
    group,
    userGroup: user.group,
    modelLimits: null,
    pinnedChannelId: null,
    crossGroupRetry: false,
    tokenBudgetPeriod: '',
    userBudgetPeriod: budgetPeriodOf(user),
    // The console's playground is the signed-in user, not a key: no key rate limits.
    rpmLimit: 0,
    tpmLimit: 0,
  };
  // Without `group` the body is not the one the client sent: its bytes are not forwarded as they are.
  return { principal, body: requested === undefined ? body : { kind: 'json', json: rest } };
}

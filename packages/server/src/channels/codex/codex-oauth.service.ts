/**
 * The console's "Authorize with ChatGPT" for Codex channels (new-api's /api/channel/codex/oauth/*) and the
 * forced refresh of a saved channel's tokens. The PKCE verifier and the state live in `oauth_states`
 * (provider `codex:channel`, a name no sign-in provider can have), so any process of the site can
 * complete an authorization another one started; a state works once, for ten minutes, for the
 * administrator who started it. Every refusal is a 200 `success: false` naming what to do.
 */
import { randomBytes } from 'node:crypto';
import {
  CODEX_OAUTH_REDIRECT_URI,
  CODEX_OAUTH_STATE_TTL_SECONDS,
  ChannelType,
  ErrorCode,
  type CodexOAuthCompleteBody,
  type CodexOAuthResult,
  type CodexOAuthStart,
  type CodexRefreshResult,
} from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { AppError, NotFoundError, ValidationError } from '../../http/errors.js';
import { oauthStatesRepository } from '../../oauth/oauth-states.repository.js';
import { nowSeconds } from '../../platform/clock.js';
import { UpstreamRefusal } from '../../relay/providers/upstream-refusal.js';
import { RelayError } from '../../relay/relay-error.js';
import { ChannelConfigError } from '../channel-config-error.js';
import { channelProxyOf } from '../channel-setting.js';
import { channelsRepository } from '../channels.repository.js';
import { channelKeys } from '../multi-key/channel-keys.js';
import { readCallback } from './codex-callback.js';
import type { CodexCredentials } from './codex-credentials.js';
import { accountInfoOf, keyFromTokens, serializeCodexKey } from './codex-key.js';
import { CodexTokenRefusedError, codexAuthorizeUrl, pkcePair, type CodexOAuthClient } from './codex-oauth-client.js';

/** The `oauth_states.provider` of these authorizations (a colon: no sign-in provider slug has one). */
export const CODEX_STATE_PROVIDER = 'codex:channel';

const PASTE_HINT = `paste the whole address the browser was sent to after signing in (${CODEX_OAUTH_REDIRECT_URI}?code=…&state=…)`;

export interface CodexOAuthDeps {
  db: Db;
  oauth: CodexOAuthClient;
  credentials: CodexCredentials;
  /** Unix seconds. */
  now?: () => number;
}

export class CodexOAuthService {
  private readonly now: () => number;

  constructor(private readonly deps: CodexOAuthDeps) {
    this.now = deps.now ?? nowSeconds;
  }

  /** A new authorization: the address to open, and its state (the PKCE verifier stays here). */
  async start(actorId: number): Promise<CodexOAuthStart> {
    const now = this.now();
    const state = randomBytes(24).toString('base64url');
    const { verifier, challenge } = pkcePair();
    await oauthStatesRepository.deleteExpired(this.deps.db, now);
    const expiresAt = now + CODEX_OAUTH_STATE_TTL_SECONDS;
    await oauthStatesRepository.insert(this.deps.db, {
      state,
      provider: CODEX_STATE_PROVIDER,
      user_id: actorId,
      code_verifier: verifier,
      redirect_uri: CODEX_OAUTH_REDIRECT_URI,
      created_at: now,
      expires_at: expiresAt,
    });
    return { authorize_url: codexAuthorizeUrl(state, challenge), state, expires_at: expiresAt };
  }

  /** Exchanges the pasted callback's code for tokens and answers the channel key they make. */
  async complete(actorId: number, body: CodexOAuthCompleteBody): Promise<CodexOAuthResult> {
    const pasted = body.callback_url ?? body.input;
    const parts = pasted ? readCallback(pasted) : { wasAddress: false };
    if (parts.error) throw new ValidationError(`the ChatGPT sign-in did not authorize the channel (${parts.error}); start again`);
    if (body.state && parts.state && body.state !== parts.state) {
      throw new ValidationError('the pasted address belongs to another authorization (its state differs); paste the address of this one, or start again');
    }
    const state = body.state ?? parts.state;
    const code = body.code ?? parts.code;
    if (!code) throw new ValidationError(parts.wasAddress ? `the pasted address holds no authorization code: ${PASTE_HINT}` : `callback_url is required: ${PASTE_HINT}`);
    if (/\s/.test(code)) throw new ValidationError(`that is not an authorization code: ${PASTE_HINT}`);
    if (!state) throw new ValidationError(`state is required: send the state the authorization started with, or ${PASTE_HINT}`);
    const proxy = body.channel_id ? await this.codexChannelProxy(body.channel_id) : undefined;
    const row = await oauthStatesRepository.consumeOf(this.deps.db, state, CODEX_STATE_PROVIDER);
    if (!row || row.expires_at < this.now() || row.user_id !== actorId) {
      throw new ValidationError('this authorization is unknown, has expired or was already completed: start it again');
    }
    let key;
    try {
      key = keyFromTokens(await this.deps.oauth.exchange(code, row.code_verifier, proxy), this.now() * 1000);
    } catch (err) {
      if (err instanceof CodexTokenRefusedError) throw new ValidationError(`${err.message}; start the authorization again`);
      throw new AppError(ErrorCode.BadRequest, err instanceof Error ? err.message : 'the code exchange failed');
    }
    if (!key.accountId) throw new ValidationError('the ChatGPT tokens name no ChatGPT account (chatgpt_account_id): sign in with an account that has a ChatGPT plan');
    return { key: serializeCodexKey(key), ...accountInfoOf(key) };
  }

  /** Refreshes a saved Codex channel's tokens now (one key of a channel holding several) and saves them. */
  async refresh(channelId: number, keyIndex = 0): Promise<CodexRefreshResult> {
    const row = await channelsRepository.findWithKey(this.deps.db, channelId);
    if (!row) throw new NotFoundError('channel');
    if (row.type !== ChannelType.Codex) throw new ValidationError(`channel #${channelId} is not a Codex channel`);
    const keys = channelKeys(row.key ?? '');
    if (keyIndex >= keys.length) throw new ValidationError(`key_index must be below ${keys.length}`, { field: 'key_index' });
    try {
      const key = await this.deps.credentials.refreshNow(channelId, keyIndex, channelProxyOf(row), keys[keyIndex]);
      return { channel_id: channelId, key_index: keyIndex, ...accountInfoOf(key) };
    } catch (err) {
      if (err instanceof UpstreamRefusal || err instanceof RelayError || err instanceof ChannelConfigError) throw new ValidationError(err.message);
      throw err;
    }
  }

  private async codexChannelProxy(channelId: number): Promise<string | undefined> {
    const channel = await channelsRepository.findById(this.deps.db, channelId);
    if (!channel) throw new NotFoundError('channel');
    if (channel.type !== ChannelType.Codex) throw new ValidationError(`channel #${channelId} is not a Codex channel`);
    return channelProxyOf(channel);
  }
}

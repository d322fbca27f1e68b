import type { CodexOAuthCompleteBody, CodexOAuthResult, CodexOAuthStart, CodexRefreshResult } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** Codex channels (type 57): the ChatGPT authorization that makes a key, and the refresh of a saved channel's tokens. */
export function startCodexOAuth(): Promise<CodexOAuthStart> {
  return api.post('/api/channel/codex/oauth/start');
}

export function completeCodexOAuth(body: CodexOAuthCompleteBody): Promise<CodexOAuthResult> {
  return api.post('/api/channel/codex/oauth/complete', body);
}

export function refreshCodexChannel(channelId: number, keyIndex?: number): Promise<CodexRefreshResult> {
  return api.post(`/api/channel/${channelId}/codex/refresh`, keyIndex === undefined ? {} : { key_index: keyIndex });
}

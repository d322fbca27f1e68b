/**
 * Codex channels (type 57, "Codex (ChatGPT subscription)"): the console's ChatGPT sign-in that makes the
 * channel key, and the forced refresh of a saved channel's tokens (/api/channel/codex/…).
 */
import { z } from 'zod';

/** How long an authorization started by POST /api/channel/codex/oauth/start can be completed. */
export const CODEX_OAUTH_STATE_TTL_SECONDS = 600;

/** Where the ChatGPT sign-in sends the browser at its end; the console asks the administrator to paste that address. */
export const CODEX_OAUTH_REDIRECT_URI = 'http://localhost:1455/auth/callback';

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/**
 * POST /api/channel/codex/oauth/complete. `callback_url` is the address the browser landed on after the
 * sign-in (`http://localhost:1455/auth/callback?code=…&state=…`); `code` (with `state`) may be sent
 * instead. new-api's console sends the pasted text as `input`, taken like `callback_url`. With
 * `channel_id`, the code is exchanged through that Codex channel's proxy.
 */
export const CodexOAuthCompleteBody = z.object({
  state: text(256).optional(),
  callback_url: text(8192).optional(),
  code: text(4096).optional(),
  input: text(8192).optional(),
  channel_id: z.number().int().positive().optional(),
});
export type CodexOAuthCompleteBody = z.infer<typeof CodexOAuthCompleteBody>;

/** The answer of POST /api/channel/codex/oauth/start. */
export interface CodexOAuthStart {
  /** Open it in a browser signed in to ChatGPT. */
  authorize_url: string;
  /** Sent back with the callback address; good for one completion within CODEX_OAUTH_STATE_TTL_SECONDS. */
  state: string;
  /** Unix seconds after which the state is refused. */
  expires_at: number;
}

/** What the console shows of a Codex key (never its tokens). */
export interface CodexAccountInfo {
  account_id: string;
  email?: string;
  /** When the access token expires (ISO 8601), when known. */
  expires_at?: string;
  /** When the tokens were last issued (ISO 8601). */
  last_refresh?: string;
}

/** The answer of POST /api/channel/codex/oauth/complete: `key` goes in the channel's key field. */
export interface CodexOAuthResult extends CodexAccountInfo {
  key: string;
}

/** The answer of POST /api/channel/:id/codex/refresh (the tokens are saved in the channel, not sent). */
export interface CodexRefreshResult extends CodexAccountInfo {
  channel_id: number;
  /** Which key of a channel holding several was refreshed (0 for a channel holding one). */
  key_index: number;
}

/** POST /api/channel/:id/codex/refresh: which key of a channel holding several (default the first). */
export const CodexRefreshBody = z.object({
  key_index: z.number().int().min(0).max(100_000).optional(),
});
export type CodexRefreshBody = z.infer<typeof CodexRefreshBody>;

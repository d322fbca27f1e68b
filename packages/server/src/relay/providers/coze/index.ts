/**
 * Coze (channel type 49): a published Coze bot through the v3 chat API, `POST {base}/v3/chat`
 * (https://api.coze.cn by default; https://api.coze.com for coze.com accounts), with a personal access
 * token as the bearer key. Hub chat requests become `additional_messages` (see chat-request.ts).
 *
 * The bot is the channel's `other` field, as in new-api (which sends `bot_id` = channel.Other); a
 * channel without one takes it from the upstream model name, without one-api's `bot-` prefix
 * (model `bot-7391…` → bot 7391…). `user_id` is the request's `user`, else one shared id. A request may
 * carry `conversation_id` to continue a Coze conversation (sent in the URL, as Coze takes it).
 *
 * What is special: the upstream is always asked for a stream. Coze's non-streamed chat answers only
 * `status: in_progress` and must be polled (/v3/chat/retrieve, then /v3/chat/message/list) — new-api
 * does that in a loop, but an adapter does no I/O — so for a client that did not stream, the pipeline
 * passes the whole event stream to parseResponse, which gathers it into one answer. Coze also reports
 * some errors as `{code, msg}` with HTTP 200; those become errors (coze-error.ts), never answers.
 */
import { ChannelType } from '@gw/contracts';
import { endpointNotSupported } from '../../relay-error.js';
import { channelConfigError } from '../channel-config-error.js';
import { RequestMemo, apiUrl, bearerHeaders, resolveBaseUrl } from '../openai-compatible/index.js';
import type { ChannelInfo, ProviderAdapter } from '../provider-adapter.js';
import { toCozeChatRequest } from './chat-request.js';
import { fromCozeAnswer } from './chat-response.js';
import { CozeStreamTranslator } from './chat-stream.js';
import { parseCozeError } from './coze-error.js';
import { merged } from '../../../platform/merged.js';

export const COZE_DEFAULT_BASE_URL = 'https://api.coze.cn';
const notes = new RequestMemo<{ clientWantsUsage: boolean }>();

/** The bot to talk to: the channel's `other` field, else the model name without a `bot-` prefix. */
export function cozeBotId(channel: ChannelInfo, upstreamModel: string): string {
  const botId = channel.other.trim() || upstreamModel.trim().replace(/^bot-/, '');
  if (!botId) throw channelConfigError(channel, 'has no Coze bot id (set it in the channel’s other field)');
  return botId;
}

export const cozeAdapter: ProviderAdapter = {
  name: 'coze',
  channelTypes: [ChannelType.Coze],
  defaultBaseUrl: COZE_DEFAULT_BASE_URL,
  rewritesNativeBody: true,
  supports: (endpoint) => endpoint === 'chat',
  buildRequest(body, ctx) {
    if (ctx.endpoint !== 'chat' || body.kind !== 'json') throw endpointNotSupported('Coze', ctx.endpoint);
    const streamOptions = body.json.stream_options as { include_usage?: unknown } | undefined;
    notes.set(ctx, { clientWantsUsage: streamOptions?.include_usage !== false });
    const conversation = typeof body.json.conversation_id === 'string' && body.json.conversation_id ? `?conversation_id=${encodeURIComponent(body.json.conversation_id)}` : '';
    return {
      method: 'POST',
      url: apiUrl(resolveBaseUrl(ctx.channel, COZE_DEFAULT_BASE_URL), '/v3', '/chat') + conversation,
      headers: merged(bearerHeaders(ctx.channel.key), { 'Content-Type': 'application/json' }),
      body: JSON.stringify(toCozeChatRequest(body.json, cozeBotId(ctx.channel, ctx.upstreamModel))),
    };
  },
  parseResponse: (raw, _contentType, ctx) => fromCozeAnswer(raw, ctx.upstreamModel),
  isStream: (contentType) => /text\/event-stream/i.test(contentType),
  createStreamTranslator: (ctx) => new CozeStreamTranslator(ctx.upstreamModel, notes.get(ctx)?.clientWantsUsage ?? true),
  parseError: (status, raw) => parseCozeError(status, raw),
};

/**
 * AI Proxy knowledge base (channel type 21): AIProxy's library API, `POST {base}/api/library/ask`
 * (https://api.aiproxy.io by default) with the key as a bearer token and the library id taken from the
 * channel's `other` field. Chat only: the last message is the question (library-request.ts); answers,
 * streamed or not, come back as hub chat with the source documents appended (library-answer.ts,
 * library-stream.ts). The library reports no usage, so the pipeline counts the tokens.
 */
import { ChannelType } from '@gw/contracts';
import { endpointNotSupported } from '../../relay-error.js';
import { bearerHeaders, parseJsonBody, parseUpstreamError, resolveBaseUrl } from '../openai-compatible/index.js';
import type { ProviderAdapter, UpstreamErrorInfo } from '../provider-adapter.js';
import { fromLibraryAnswer } from './library-answer.js';
import { toLibraryAskRequest } from './library-request.js';
import { LibraryByteStreamTranslator, LibrarySseTranslator } from './library-stream.js';
import type { LibraryAnswer } from './types.js';
import { merged } from '../../../platform/merged.js';

export const AIPROXY_DEFAULT_BASE_URL = 'https://api.aiproxy.io';

/** Error bodies are `{errCode, message}`: the shared parser reads the message, errCode becomes the code. */
function parseLibraryError(status: number, raw: string): UpstreamErrorInfo {
  const info = parseUpstreamError(status, raw);
  try {
    const errCode = (JSON.parse(raw) as { errCode?: unknown } | null)?.errCode;
    if (typeof errCode === 'number' && errCode !== 0 && !info.code) return { ...info, code: String(errCode) };
  } catch {
    // not JSON: the shared parser's reading stands
  }
  return info;
}

export const aiProxyLibraryAdapter: ProviderAdapter = {
  name: 'aiproxy-library',
  channelTypes: [ChannelType.AiProxyKnowledgeBase],
  defaultBaseUrl: AIPROXY_DEFAULT_BASE_URL,
  supports: (endpoint) => endpoint === 'chat',
  buildRequest(body, ctx) {
    if (ctx.endpoint !== 'chat' || body.kind !== 'json') {
      throw endpointNotSupported('AI Proxy knowledge base', ctx.endpoint);
    }
    return {
      method: 'POST',
      url: `${resolveBaseUrl(ctx.channel, AIPROXY_DEFAULT_BASE_URL)}/api/library/ask`,
      headers: merged(bearerHeaders(ctx.channel.key), { 'Content-Type': 'application/json' }),
      body: JSON.stringify(toLibraryAskRequest(body.json, ctx)),
    };
  },
  parseResponse: (raw, _contentType, ctx) => ({ body: fromLibraryAnswer(parseJsonBody(raw) as LibraryAnswer, ctx.upstreamModel) }),
  // A JSON answer to a stream request is a refusal (`errCode`), read whole by parseResponse.
  isStream: (contentType, ctx) => ctx.stream && !/\bjson\b/i.test(contentType),
  createStreamTranslator: (ctx) => new LibrarySseTranslator(ctx.upstreamModel),
  createByteStreamTranslator: (ctx) => new LibraryByteStreamTranslator(ctx.upstreamModel),
  parseError: (status, raw) => parseLibraryError(status, raw),
};

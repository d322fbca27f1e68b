/**
 * Ollama (channel type 4): the OpenAI-compatible API under /v1 of a local server. No key is needed;
 * one is sent as a bearer token when set (for servers behind an authenticating proxy). The console's
 * model list comes from Ollama's own /api/tags, which lists every pulled model.
 */
import { ChannelType } from '@gw/contracts';
import { badResponseBody, bearerHeaders, openAICompatibleAdapter, resolveBaseUrl, stripApiPrefix } from '../openai-compatible/index.js';

export const OLLAMA_DEFAULT_BASE_URL = 'http://localhost:11434';

export function parseOllamaTags(raw: string): string[] {
  let body: { models?: { name?: unknown }[] };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    throw badResponseBody(raw.slice(0, 200));
  }
  if (!Array.isArray(body?.models)) throw badResponseBody('no model list in the answer');
  return body.models.map((m) => m?.name).filter((name): name is string => typeof name === 'string');
}

export const ollamaAdapter = openAICompatibleAdapter({
  name: 'ollama',
  channelTypes: [ChannelType.Ollama],
  defaultBaseUrl: OLLAMA_DEFAULT_BASE_URL,
  endpoints: ['chat', 'completions', 'embeddings'],
  modelList: {
    request: (channel) => ({
      method: 'GET',
      url: `${stripApiPrefix(resolveBaseUrl(channel, OLLAMA_DEFAULT_BASE_URL), '/v1')}/api/tags`,
      headers: bearerHeaders(channel.key),
    }),
    parse: parseOllamaTags,
  },
});

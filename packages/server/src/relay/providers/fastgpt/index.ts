/**
 * FastGPT knowledge base (channel type 22): a FastGPT app's OpenAI-compatible chat API at
 * `{base}/v1/chat/completions` (https://fastgpt.run/api/openapi by default, as in one-api), with the
 * app's key as a bearer token. FastGPT has no model list endpoint.
 *
 * Two FastGPT habits are undone here: its non-stream answer always says
 * `usage: {prompt_tokens: 1, completion_tokens: 1, total_tokens: 1}` (a placeholder in its code), which
 * is dropped so the pipeline counts the tokens; and a workflow failure comes back as HTTP 200 with an
 * `error` field and no text, which is reported as the upstream error it is.
 */
import { ChannelType } from '@gw/contracts';
import { RelayError } from '../../relay-error.js';
import { openAICompatibleAdapter, parseUpstreamError } from '../openai-compatible/index.js';
import type { ProviderAdapter, ProviderResponse } from '../provider-adapter.js';
import { isJsonObject } from '../../formats/json-object.js';

export const FASTGPT_DEFAULT_BASE_URL = 'https://fastgpt.run/api/openapi';

const compatible = openAICompatibleAdapter({
  name: 'fastgpt',
  channelTypes: [ChannelType.FastGptKnowledgeBase],
  defaultBaseUrl: FASTGPT_DEFAULT_BASE_URL,
  endpoints: ['chat'],
  modelList: false,
});

const isPlaceholderUsage = (usage: unknown): boolean =>
  isJsonObject(usage) && usage.prompt_tokens === 1 && usage.completion_tokens === 1 && usage.total_tokens === 1;

const answerText = (body: Record<string, any>): string => {
  const content = body.choices?.[0]?.message?.content;
  return typeof content === 'string' ? content : '';
};

function parseFastGptResponse(parsed: ProviderResponse): ProviderResponse {
  const body = parsed.body;
  if (!isJsonObject(body)) return parsed;
  if (body.error && !answerText(body).trim()) {
    const info = parseUpstreamError(502, JSON.stringify(isJsonObject(body.error) ? { error: body.error } : { message: String(body.error) }));
    throw new RelayError(502, 'upstream_error', `FastGPT error: ${info.message}`, 'upstream');
  }
  if (!isPlaceholderUsage(body.usage)) return parsed;
  const { usage: _placeholder, ...rest } = body;
  // The body changed, so the upstream's own bytes (`raw`) must not be sent instead.
  return { body: rest };
}

export const fastGptAdapter: ProviderAdapter = {
  ...compatible,
  parseResponse: (raw, contentType, ctx) => parseFastGptResponse(compatible.parseResponse(raw, contentType, ctx)),
};

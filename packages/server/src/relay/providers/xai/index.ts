/**
 * xAI / Grok (channel type 48): OpenAI-compatible at api.x.ai/v1 — chat (legacy there, still served),
 * legacy completions, the Responses API and image generation and editing (edits take JSON, not the
 * multipart OpenAI's SDK sends). new-api's model suffixes: `grok-3-mini…-high|-low` sets the reasoning
 * effort, and a `-search` model is served only through the Responses API (chat, Claude and Gemini requests
 * for it are sent there, converted) with xAI's web_search tool on, as chat's Live Search that new-api turned
 * on is gone (xAI answers it 410); max_tokens goes as max_completion_tokens (see request-body.ts). Chat usage
 * leaves reasoning out of completion_tokens: answers and bills carry it inside; Responses answers are billed
 * the web searches xAI charges for (see usage.ts). xAI answers a bad key with 400 `{code, error}`, which the
 * shared error reader understands.
 */
import { ChannelType } from '@gw/contracts';
import { isJsonObject } from '../../formats/json-object.js';
import { openAICompatibleAdapter } from '../openai-compatible/index.js';
import type { ProviderAdapter } from '../provider-adapter.js';
import { isXaiSearchModel, xaiRequestBody } from './request-body.js';
import { XaiResponsesStreamTranslator, restateXaiUsage, xaiResponsesUsage } from './usage.js';

const openAICompatible = openAICompatibleAdapter({
  name: 'xai',
  channelTypes: [ChannelType.Xai],
  defaultBaseUrl: 'https://api.x.ai',
  endpoints: ['chat', 'completions', 'responses', 'images.generations', 'images.edits'],
  responsesOnlyModels: isXaiSearchModel,
  mapRequest: xaiRequestBody,
  chatUsage: { restate: restateXaiUsage },
});

export const xaiAdapter: ProviderAdapter = {
  ...openAICompatible,
  parseResponse(raw, contentType, ctx) {
    const res = openAICompatible.parseResponse(raw, contentType, ctx);
    return ctx.endpoint === 'responses' && isJsonObject(res.body) ? { ...res, usage: xaiResponsesUsage(res.body) } : res;
  },
  createStreamTranslator(ctx) {
    const translator = openAICompatible.createStreamTranslator(ctx);
    return ctx.endpoint === 'responses' ? new XaiResponsesStreamTranslator(translator) : translator;
  },
};

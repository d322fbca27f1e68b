/**
 * Google PaLM 2 (channel type 11, retired by Google): `POST {base}/v1beta2/models/{model}:generateMessage`
 * (generativelanguage.googleapis.com by default) with the key in `x-goog-api-key`. The model in the URL
 * is the requested one when it is a chat-bison model, else chat-bison-001 (one-api's "PaLM-2" name
 * then still works). Chat only; PaLM does not stream, so a stream request gets the whole answer
 * re-emitted as a stream (palm-stream.ts). No usage is reported: the pipeline counts the tokens.
 * Errors are Google's `{error: {code, message, status}}`, read by the Gemini adapter's parser.
 */
import { ChannelType } from '@gw/contracts';
import { endpointNotSupported } from '../../relay-error.js';
import { parseGoogleError } from '../gemini/gemini-error.js';
import { apiUrl, parseJsonBody, resolveBaseUrl } from '../openai-compatible/index.js';
import type { ProviderAdapter } from '../provider-adapter.js';
import { toPalmRequest } from './palm-request.js';
import { fromPalmResponse } from './palm-response.js';
import { PalmWholeAnswerTranslator, palmSseTranslator } from './palm-stream.js';
import type { PalmResponse } from './types.js';

export const PALM_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
export const PALM_DEFAULT_MODEL = 'chat-bison-001';

const urlModel = (model: string): string => (/^chat-bison[\w.-]*$/.test(model) ? model : PALM_DEFAULT_MODEL);

export const palmAdapter: ProviderAdapter = {
  name: 'palm',
  channelTypes: [ChannelType.GooglePaLM2],
  defaultBaseUrl: PALM_DEFAULT_BASE_URL,
  supports: (endpoint) => endpoint === 'chat',
  buildRequest(body, ctx) {
    if (ctx.endpoint !== 'chat' || body.kind !== 'json') throw endpointNotSupported('PaLM', ctx.endpoint);
    return {
      method: 'POST',
      url: apiUrl(resolveBaseUrl(ctx.channel, PALM_DEFAULT_BASE_URL), '/v1beta2', `/models/${urlModel(ctx.upstreamModel)}:generateMessage`),
      headers: { 'x-goog-api-key': ctx.channel.key, 'Content-Type': 'application/json' },
      body: JSON.stringify(toPalmRequest(body.json, ctx.stream)),
    };
  },
  parseResponse: (raw, _contentType, ctx) => ({ body: fromPalmResponse(parseJsonBody(raw) as PalmResponse, ctx.upstreamModel) }),
  // The answer to a stream request is JSON too; it goes to the whole-answer translator.
  isStream: (_contentType, ctx) => ctx.stream,
  createStreamTranslator: (ctx) => palmSseTranslator(ctx.upstreamModel),
  createByteStreamTranslator: (ctx) => new PalmWholeAnswerTranslator(ctx.upstreamModel),
  parseError: (status, raw) => parseGoogleError(status, raw),
};

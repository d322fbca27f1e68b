/**
 * Google Gemini API (channel type 24): POST {base}/{version}/models/{model}:generateContent, or
 * :streamGenerateContent?alt=sse, with the key in `x-goog-api-key` (never in the URL, so it cannot
 * reach a log). The version is gemini.version_settings for the model (default v1beta); safety
 * settings come from gemini.safety_settings. OpenAI chat is converted both ways, native Gemini
 * requests pass through, and OpenAI embeddings map to embedContent / batchEmbedContents (native
 * embedding requests pass through too).
 * The Gemini pieces here are shared with the Vertex adapter.
 */
import { ChannelType } from '@gw/contracts';
import { endpointNotSupported } from '../../relay-error.js';
import { RequestMemo, apiUrl, badResponseBody, resolveBaseUrl } from '../openai-compatible/index.js';
import type { AdapterContext, ChannelInfo, ProviderAdapter, RelayEndpoint } from '../provider-adapter.js';
import { geminiEmbeddingRequest, nativeEmbeddingRequest, parseGeminiEmbeddings, parseNativeEmbeddings, type EmbeddingNote } from './embeddings.js';
import { parseGoogleError } from './gemini-error.js';
import { geminiModelChoice } from './gemini-model.js';
import { geminiRequestBody, type GeminiRequestNote } from './gemini-request.js';
import { parseGeminiResponse } from './gemini-response.js';
import { GeminiStreamTranslator } from './gemini-stream.js';
import { merged } from '../../../platform/merged.js';

const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
const DEFAULT_VERSION = 'v1beta';
const ENDPOINTS = new Set<RelayEndpoint>(['chat', 'gemini.generate', 'embeddings', 'gemini.embed']);

type GeminiNote = ({ kind: 'generate' } & GeminiRequestNote) | ({ kind: 'embeddings' } & EmbeddingNote) | { kind: 'native-embeddings' };

const notes = new RequestMemo<GeminiNote>();

const keyHeaders = (channel: ChannelInfo): Record<string, string> => ({ 'x-goog-api-key': channel.key });

/** {base}/{version}/models/{model}:{action}; a base URL already ending with the version is not doubled. */
function modelUrl(ctx: AdapterContext, model: string, action: string): string {
  const version = ctx.settings.geminiVersion || DEFAULT_VERSION;
  return apiUrl(resolveBaseUrl(ctx.channel, DEFAULT_BASE_URL), `/${version}`, `/models/${model}:${action}`);
}

function parseModelList(raw: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw badResponseBody(raw.slice(0, 200));
  }
  const models = (body as { models?: unknown })?.models;
  if (!Array.isArray(models)) throw badResponseBody('no model list in the answer');
  return models
    .map((m: { name?: unknown }) => m?.name)
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.replace(/^models\//, ''));
}

export const geminiAdapter: ProviderAdapter = {
  name: 'gemini',
  channelTypes: [ChannelType.GoogleGemini],
  defaultBaseUrl: DEFAULT_BASE_URL,
  supports: (endpoint) => ENDPOINTS.has(endpoint),

  buildRequest(body, ctx) {
    if (!ENDPOINTS.has(ctx.endpoint)) throw endpointNotSupported('gemini', ctx.endpoint);
    const headers = merged(keyHeaders(ctx.channel), { 'Content-Type': 'application/json' });
    if (ctx.endpoint === 'embeddings') {
      const { action, json, note } = geminiEmbeddingRequest(body, ctx.upstreamModel);
      notes.set(ctx, { kind: 'embeddings', ...note });
      return { method: 'POST', url: modelUrl(ctx, ctx.upstreamModel, action), headers, body: JSON.stringify(json) };
    }
    if (ctx.endpoint === 'gemini.embed') {
      const { action, json } = nativeEmbeddingRequest(body, ctx.upstreamModel);
      notes.set(ctx, { kind: 'native-embeddings' });
      return { method: 'POST', url: modelUrl(ctx, ctx.upstreamModel, action), headers, body: JSON.stringify(json) };
    }
    const choice = geminiModelChoice(ctx);
    const { json, note } = geminiRequestBody(body, ctx, choice);
    notes.set(ctx, { kind: 'generate', ...note });
    const action = ctx.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
    return { method: 'POST', url: modelUrl(ctx, choice.model, action), headers, body: JSON.stringify(json) };
  },

  parseResponse(raw, _contentType, ctx) {
    const note = notes.get(ctx);
    if (note?.kind === 'embeddings') return parseGeminiEmbeddings(raw, note);
    if (note?.kind === 'native-embeddings') return parseNativeEmbeddings(raw);
    return parseGeminiResponse(raw, ctx.endpoint === 'chat' ? 'hub' : 'native');
  },

  isStream: (contentType) => /text\/event-stream/i.test(contentType),

  createStreamTranslator(ctx) {
    const note = notes.get(ctx);
    const wantsUsage = note?.kind === 'generate' ? note.clientWantsUsage : true;
    return new GeminiStreamTranslator(ctx.endpoint === 'chat' ? 'hub' : 'native', wantsUsage);
  },

  parseError: (status, raw) => parseGoogleError(status, raw),

  modelList: {
    request: (channel) => ({
      method: 'GET',
      url: apiUrl(resolveBaseUrl(channel, DEFAULT_BASE_URL), `/${DEFAULT_VERSION}`, '/models?pageSize=1000'),
      headers: keyHeaders(channel),
    }),
    parse: parseModelList,
  },
};

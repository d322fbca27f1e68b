/**
 * Vertex AI (channel type 41). The channel key is a service-account JSON; its OAuth2 access token
 * comes from the pipeline's AuthPort. Region from channel.other (a region or a model → region JSON
 * map), project from the key's project_id. Gemini models use
 * publishers/google/models/{model}:generateContent|streamGenerateContent?alt=sse; Claude models
 * (names starting with "claude") use publishers/anthropic/models/{model}:rawPredict|streamRawPredict
 * with `anthropic_version: vertex-2023-10-16` in the body and no `model` field. OpenAI chat is
 * converted to either; native Claude and Gemini requests pass through to their own family and are
 * bridged through the hub format when they name a model of the other family.
 */
import { ChannelType } from '@gw/contracts';
import { channelProxyOf } from '../../../channels/channel-setting.js';
import { claudeToOpenAIRequest } from '../../formats/anthropic/request-to-openai.js';
import type { ClaudeRequest } from '../../formats/anthropic/types.js';
import { geminiToOpenAIRequest } from '../../formats/gemini/request-to-openai.js';
import type { GeminiRequest } from '../../formats/gemini/types.js';
import { invalidRequest, endpointNotSupported } from '../../relay-error.js';
import { claudeRequestBody } from '../anthropic/claude-request.js';
import { parseClaudeResponse } from '../anthropic/claude-response.js';
import { ClaudeStreamTranslator } from '../anthropic/claude-stream.js';
import { parseGoogleError } from '../gemini/gemini-error.js';
import { geminiModelChoice } from '../gemini/gemini-model.js';
import { geminiRequestBody } from '../gemini/gemini-request.js';
import { parseGeminiResponse } from '../gemini/gemini-response.js';
import { GeminiStreamTranslator } from '../gemini/gemini-stream.js';
import { RequestMemo } from '../openai-compatible/index.js';
import type { AdapterContext, ProviderAdapter, RelayBody, RelayEndpoint, StreamTranslator, UpstreamRequest } from '../provider-adapter.js';
import { HubBridgeTranslator, bridgeResponse, type BridgeTarget } from './hub-bridge.js';
import { VERTEX_DEFAULT_BASE_URL, vertexModelUrl, vertexProjectId, vertexRegion } from './vertex-location.js';

export const VERTEX_SCOPES = ['https://www.googleapis.com/auth/cloud-platform'];
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';
const ENDPOINTS = new Set<RelayEndpoint>(['chat', 'claude.messages', 'gemini.generate']);

type Family = 'claude' | 'gemini';

interface VertexNote {
  family: Family;
  /** The upstream answer is read as hub chunks (chat, or a bridged surface) or passed through. */
  output: 'hub' | 'native';
  bridge?: BridgeTarget;
  clientWantsUsage: boolean;
}

const notes = new RequestMemo<VertexNote>();

export const isClaudeModel = (model: string): boolean => /^claude/i.test(model);

/** Vertex names Claude versions with `@`: claude-sonnet-4-5-20250929 → claude-sonnet-4-5@20250929. */
export function vertexClaudeModel(model: string): string {
  if (model.includes('@')) return model;
  return model.replace(/^(claude-.+)-(\d{8})$/, '$1@$2');
}

/** The model's Claude headers (anthropic-beta…) except anthropic-version, which Vertex takes in the body. */
function betaHeaders(ctx: AdapterContext): Record<string, string> {
  return Object.fromEntries(Object.entries(ctx.settings.claudeHeaders).filter(([name]) => name.toLowerCase() !== 'anthropic-version'));
}

function jsonOf(body: RelayBody): Record<string, unknown> {
  if (body.kind !== 'json') throw invalidRequest('Vertex channels take a JSON body');
  return body.json;
}

/** A surface's native body for the other family, as a hub (OpenAI chat) body. */
function toHub(body: RelayBody, ctx: AdapterContext): RelayBody {
  const json = jsonOf(body);
  const hub =
    ctx.endpoint === 'claude.messages'
      ? claudeToOpenAIRequest(json as unknown as ClaudeRequest)
      : geminiToOpenAIRequest(json as unknown as GeminiRequest, { model: ctx.upstreamModel, stream: ctx.stream });
  return { kind: 'json', json: { ...hub, stream: ctx.stream } as unknown as Record<string, unknown> };
}

function claudeRequest(body: RelayBody, ctx: AdapterContext, project: string, token: string): { request: UpstreamRequest; clientWantsUsage: boolean } {
  const { json, note } = claudeRequestBody(body, ctx);
  delete json.model;
  json.anthropic_version = VERTEX_ANTHROPIC_VERSION;
  const model = vertexClaudeModel(ctx.upstreamModel);
  const region = vertexRegion(ctx.channel, [ctx.upstreamModel, model]);
  const url = vertexModelUrl(ctx.channel, { project, region, publisher: 'anthropic', model, action: ctx.stream ? 'streamRawPredict' : 'rawPredict' });
  const headers = { Authorization: `Bearer ${token}`, ...betaHeaders(ctx), 'Content-Type': 'application/json' };
  return { request: { method: 'POST', url, headers, body: JSON.stringify(json) }, clientWantsUsage: note.clientWantsUsage };
}

function geminiRequest(body: RelayBody, ctx: AdapterContext, project: string, token: string): { request: UpstreamRequest; clientWantsUsage: boolean } {
  const choice = geminiModelChoice(ctx);
  const { json, note } = geminiRequestBody(body, ctx, choice);
  const region = vertexRegion(ctx.channel, [ctx.upstreamModel, choice.model]);
  const action = ctx.stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  const url = vertexModelUrl(ctx.channel, { project, region, publisher: 'google', model: choice.model, action });
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  return { request: { method: 'POST', url, headers, body: JSON.stringify(json) }, clientWantsUsage: note.clientWantsUsage };
}

/** Which family serves the model, and whether the client's surface must be bridged through the hub. */
function planFor(ctx: AdapterContext): Omit<VertexNote, 'clientWantsUsage'> {
  const family: Family = isClaudeModel(ctx.upstreamModel) ? 'claude' : 'gemini';
  const ownSurface = family === 'claude' ? 'claude.messages' : 'gemini.generate';
  if (ctx.endpoint === 'chat') return { family, output: 'hub' };
  if (ctx.endpoint === ownSurface) return { family, output: 'native' };
  return { family, output: 'hub', bridge: ctx.endpoint === 'claude.messages' ? 'claude' : 'gemini' };
}

const noteOf = (ctx: AdapterContext): VertexNote => notes.get(ctx) ?? { ...planFor(ctx), clientWantsUsage: true };

export const vertexAdapter: ProviderAdapter = {
  name: 'vertex',
  rewritesNativeBody: true,
  channelTypes: [ChannelType.VertexAi],
  defaultBaseUrl: VERTEX_DEFAULT_BASE_URL,
  supports: (endpoint) => ENDPOINTS.has(endpoint),

  async buildRequest(body, ctx) {
    if (!ENDPOINTS.has(ctx.endpoint)) throw endpointNotSupported('vertex', ctx.endpoint);
    const project = vertexProjectId(ctx.channel);
    const plan = planFor(ctx);
    const innerCtx: AdapterContext = plan.bridge ? { ...ctx, endpoint: 'chat' } : ctx;
    const innerBody = plan.bridge ? toHub(body, ctx) : body;
    const token = await ctx.auth.googleAccessToken(ctx.channel.key, VERTEX_SCOPES, channelProxyOf(ctx.channel));
    const built = plan.family === 'claude' ? claudeRequest(innerBody, innerCtx, project, token) : geminiRequest(innerBody, innerCtx, project, token);
    // A bridged stream needs the usage chunk to close the client's message with real counts.
    notes.set(ctx, { ...plan, clientWantsUsage: plan.bridge ? true : built.clientWantsUsage });
    return built.request;
  },

  parseResponse(raw, _contentType, ctx) {
    const note = noteOf(ctx);
    const parsed = note.family === 'claude' ? parseClaudeResponse(raw, note.output) : parseGeminiResponse(raw, note.output);
    return note.bridge ? bridgeResponse(parsed, note.bridge) : parsed;
  },

  isStream: (contentType) => /text\/event-stream/i.test(contentType),

  createStreamTranslator(ctx) {
    const note = noteOf(ctx);
    const inner: StreamTranslator =
      note.family === 'claude' ? new ClaudeStreamTranslator(note.output, note.clientWantsUsage) : new GeminiStreamTranslator(note.output, note.clientWantsUsage);
    return note.bridge ? new HubBridgeTranslator(inner, note.bridge) : inner;
  },

  parseError: (status, raw) => parseGoogleError(status, raw),
};

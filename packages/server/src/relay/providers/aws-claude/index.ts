/**
 * AWS Claude on Bedrock (channel type 33): POST https://bedrock-runtime.{region}.amazonaws.com/model/{modelId}/invoke
 * or /invoke-with-response-stream, signed with SigV4 (service "bedrock"), or with a Bedrock API key
 * as a bearer token. The body is the Claude Messages request without `model` and `stream`, with
 * `anthropic_version: bedrock-2023-05-31` and the model's anthropic-beta header as `anthropic_beta`.
 * Streams arrive in AWS event-stream binary framing and are read by the byte-stream translator.
 * Channel settings: key (see credentials.ts), other = region fallback, setting.aws_inference_profile
 * (see model-id.ts); a base URL replaces the regional endpoint (VPC endpoint, test double).
 */
import { ChannelType } from '@gw/contracts';
import { endpointNotSupported } from '../../relay-error.js';
import { claudeRequestBody, type ClaudeRequestNote } from '../anthropic/claude-request.js';
import { parseClaudeResponse } from '../anthropic/claude-response.js';
import { ClaudeStreamTranslator } from '../anthropic/claude-stream.js';
import { RequestMemo } from '../openai-compatible/index.js';
import type { AdapterContext, ProviderAdapter, RelayEndpoint } from '../provider-adapter.js';
import { parseBedrockError } from './bedrock-error.js';
import { BedrockStreamTranslator, EVENT_STREAM_CONTENT_TYPE } from './bedrock-stream.js';
import { bedrockAuth } from './credentials.js';
import { bedrockModelId } from './model-id.js';
import { signV4, uriEncode } from './sigv4.js';
import { merged } from '../../../platform/merged.js';

export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';
const ENDPOINTS = new Set<RelayEndpoint>(['chat', 'claude.messages']);

const notes = new RequestMemo<ClaudeRequestNote>();

const outputOf = (ctx: AdapterContext) => (ctx.endpoint === 'chat' ? 'hub' : 'native');

/** Bedrock takes beta features in the body: the anthropic-beta header values, merged with the client's own list. */
function betaFeatures(ctx: AdapterContext, existing: unknown): string[] {
  const fromHeaders = Object.entries(ctx.settings.claudeHeaders)
    .filter(([name]) => name.toLowerCase() === 'anthropic-beta')
    .flatMap(([, value]) => value.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  const own = Array.isArray(existing) ? existing.filter((v): v is string => typeof v === 'string') : [];
  return [...new Set([...own, ...fromHeaders])];
}

/** The adapter, with the clock used for signatures (tests pass a fixed one). */
export function createAwsClaudeAdapter(now: () => Date = () => new Date()): ProviderAdapter {
  return {
    name: 'aws-claude',
    rewritesNativeBody: true,
    channelTypes: [ChannelType.AwsClaude],
    defaultBaseUrl: '',
    supports: (endpoint) => ENDPOINTS.has(endpoint),

    buildRequest(body, ctx) {
      if (!ENDPOINTS.has(ctx.endpoint)) throw endpointNotSupported('aws-claude', ctx.endpoint);
      const auth = bedrockAuth(ctx.channel);
      const { json, note } = claudeRequestBody(body, ctx);
      notes.set(ctx, note);
      delete json.model;
      delete json.stream;
      json.anthropic_version = BEDROCK_ANTHROPIC_VERSION;
      const betas = betaFeatures(ctx, json.anthropic_beta);
      if (betas.length) json.anthropic_beta = betas;

      const modelId = bedrockModelId(ctx.upstreamModel, auth.region, ctx.channel.setting.aws_inference_profile);
      const base = ctx.channel.baseUrl.trim().replace(/\/+$/, '') || `https://bedrock-runtime.${auth.region}.amazonaws.com`;
      // The id is encoded once in the URL (`:` → %3A); the signature encodes the path once more.
      const url = `${base}/model/${uriEncode(modelId)}/${ctx.stream ? 'invoke-with-response-stream' : 'invoke'}`;
      // Bytes, not a string: what is signed must be exactly what is sent.
      const payload = new TextEncoder().encode(JSON.stringify(json));
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        ...(ctx.stream ? { 'x-amzn-bedrock-accept': 'application/json' } : { accept: 'application/json' }),
      };
      if (auth.kind === 'api_key') return { method: 'POST', url, headers: merged(headers, { authorization: `Bearer ${auth.apiKey}` }), body: payload };
      const signed = signV4({ method: 'POST', url, headers, body: payload }, { region: auth.region, service: 'bedrock', credentials: auth.credentials, date: now() });
      return { method: 'POST', url, headers: signed.headers, body: payload };
    },

    parseResponse: (raw, _contentType, ctx) => parseClaudeResponse(raw, outputOf(ctx)),
    isStream: (contentType) => EVENT_STREAM_CONTENT_TYPE.test(contentType) || /text\/event-stream/i.test(contentType),
    /** For an SSE answer (a proxy in front of Bedrock that re-frames the stream). */
    createStreamTranslator: (ctx) => new ClaudeStreamTranslator(outputOf(ctx), notes.get(ctx)?.clientWantsUsage ?? true),
    createByteStreamTranslator(ctx, contentType) {
      if (!EVENT_STREAM_CONTENT_TYPE.test(contentType)) return undefined;
      return new BedrockStreamTranslator(new ClaudeStreamTranslator(outputOf(ctx), notes.get(ctx)?.clientWantsUsage ?? true));
    },
    parseError: (status, raw) => parseBedrockError(status, raw),
  };
}

export const awsClaudeAdapter = createAwsClaudeAdapter();

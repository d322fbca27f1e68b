import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFixture, readSseFixture } from '../../formats/fixtures.test-helpers.js';
import { RelayError } from '../../relay-error.js';
import { bytes, jsonBody, testContext, testSettings } from '../adapter-context.test-helpers.js';
import type { AdapterContext, ByteStreamTranslator, ChannelInfo, OutboundEvent, UpstreamRequest } from '../provider-adapter.js';
import { chunkFrame, concatBytes, encodeFrame, exceptionFrame } from './event-stream.test-helpers.js';
import { createAwsClaudeAdapter } from './index.js';
import { signV4 } from './sigv4.js';

const adapter = createAwsClaudeAdapter(() => new Date('2025-01-02T03:04:05Z'));
const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);
const rawText = (url: URL) => readFileSync(url, 'utf8');
const EVENT_STREAM = 'application/vnd.amazon.eventstream';

const channel: Partial<ChannelInfo> = { type: 33, key: 'AKIAEXAMPLE|secretEXAMPLE|us-east-1', baseUrl: '' };

function build(json: Record<string, unknown>, overrides: Partial<Omit<AdapterContext, 'channel'>> & { channel?: Partial<ChannelInfo> } = {}) {
  const ctx = testContext({ upstreamModel: 'claude-sonnet-4-5-20250929', ...overrides, channel: { ...channel, ...overrides.channel } });
  const req = adapter.buildRequest(jsonBody(json), ctx) as UpstreamRequest;
  return { req, ctx };
}

const sentBody = (req: UpstreamRequest): Record<string, any> => JSON.parse(Buffer.from(req.body as Uint8Array).toString('utf8')) as Record<string, any>;

/** The Claude events of a fixture as Bedrock frames them. */
const streamFrames = () => concatBytes(readFixture<{ data: unknown }[]>(fixture('stream-events.json')).map((e) => chunkFrame(e.data)));

function byteTranslator(ctx: AdapterContext): ByteStreamTranslator {
  const translator = adapter.createByteStreamTranslator!(ctx, EVENT_STREAM);
  if (!translator) throw new Error('expected a byte translator');
  return translator;
}

describe('awsClaudeAdapter requests', () => {
  it('posts a signed invoke with the Bedrock body: no model or stream, the Bedrock anthropic_version', () => {
    const { req } = build({ model: 'claude', messages: [{ role: 'user', content: 'Hi' }] });
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke');
    expect(sentBody(req)).toEqual({ messages: [{ role: 'user', content: 'Hi' }], max_tokens: 8192, anthropic_version: 'bedrock-2023-05-31' });
    expect(req.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json', 'x-amz-date': '20250102T030405Z' });
    expect(req.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\/20250102\/us-east-1\/bedrock\/aws4_request, SignedHeaders=accept;content-type;host;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('signs exactly the bytes it sends', () => {
    const { req } = build({ messages: [{ role: 'user', content: 'Grüße 👋' }] });
    const { authorization, 'x-amz-date': _date, ...unsigned } = req.headers;
    const again = signV4(
      { method: 'POST', url: req.url, headers: unsigned, body: req.body },
      { region: 'us-east-1', service: 'bedrock', credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secretEXAMPLE' }, date: new Date('2025-01-02T03:04:05Z') },
    );
    expect(again.headers.authorization).toBe(authorization);
    expect(req.body).toBeInstanceOf(Uint8Array);
  });

  it('streams with invoke-with-response-stream', () => {
    const { req } = build({ messages: [], stream: true }, { stream: true });
    expect(req.url).toMatch(/\/invoke-with-response-stream$/);
    expect(req.headers['x-amzn-bedrock-accept']).toBe('application/json');
    expect(sentBody(req)).not.toHaveProperty('stream');
  });

  it('signs a session token from a JSON key and takes the region from the channel when the key has none', () => {
    const key = JSON.stringify({ accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 's', sessionToken: 'FwoGZXIvYXdzEXAMPLE' });
    const { req } = build({ messages: [] }, { channel: { key, other: 'eu-west-1' } });
    expect(req.url.startsWith('https://bedrock-runtime.eu-west-1.amazonaws.com/model/eu.anthropic.')).toBe(true);
    expect(req.headers['x-amz-security-token']).toBe('FwoGZXIvYXdzEXAMPLE');
    expect(req.headers.authorization).toContain('/eu-west-1/bedrock/aws4_request, SignedHeaders=accept;content-type;host;x-amz-date;x-amz-security-token,');
  });

  it('sends a Bedrock API key as a bearer token without signing', () => {
    const { req } = build({ messages: [] }, { channel: { key: 'ABSKQmVkcm9ja0FQSUtleQ==|us-west-2' } });
    expect(req.headers.authorization).toBe('Bearer ABSKQmVkcm9ja0FQSUtleQ==');
    expect(req.headers).not.toHaveProperty('x-amz-date');
    expect(req.url).toContain('https://bedrock-runtime.us-west-2.amazonaws.com/');
  });

  it('refuses keys it cannot use without repeating them', () => {
    expect(() => build({ messages: [] }, { channel: { key: 'AKIA|secret|' } })).toThrow(/no AWS region/);
    expect(() => build({ messages: [] }, { channel: { key: 'just-one-part' } })).toThrow(/AK\|SK\|REGION/);
    let message = '';
    try {
      build({ messages: [] }, { channel: { key: '{"accessKeyId":"AKIAHIDDEN","region":"us-east-1"}' } });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/without accessKeyId and secretAccessKey/);
    expect(message).not.toContain('AKIAHIDDEN');
  });

  it('maps model names to Bedrock ids with the inference profile the region and setting call for', () => {
    const modelOf = (upstreamModel: string, other: Partial<ChannelInfo> = {}) => decodeURIComponent(build({ messages: [] }, { upstreamModel, channel: other }).req.url.split('/model/')[1].split('/')[0]);
    expect(modelOf('claude-sonnet-4-5')).toBe('us.anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(modelOf('claude-haiku-4-5', { key: 'A|S|ap-northeast-1' })).toBe('apac.anthropic.claude-haiku-4-5-20251001-v1:0');
    expect(modelOf('claude-sonnet-4-5', { key: 'A|S|sa-east-1' })).toBe('anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(modelOf('claude-3-haiku-20240307')).toBe('anthropic.claude-3-haiku-20240307-v1:0');
    expect(modelOf('claude-3-5-sonnet-20241022')).toBe('anthropic.claude-3-5-sonnet-20241022-v2:0');
    expect(modelOf('claude-opus-4-5', { setting: { aws_inference_profile: 'global' } })).toBe('global.anthropic.claude-opus-4-5-20251101-v1:0');
    expect(modelOf('claude-sonnet-4-20250514', { setting: { aws_inference_profile: 'none' } })).toBe('anthropic.claude-sonnet-4-20250514-v1:0');
    expect(modelOf('eu.anthropic.claude-3-7-sonnet-20250219-v1:0')).toBe('eu.anthropic.claude-3-7-sonnet-20250219-v1:0');
  });

  it('encodes an inference profile ARN into one path segment', () => {
    const arn = 'arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/a1b2c3';
    const { req } = build({ messages: [] }, { upstreamModel: arn });
    expect(req.url).toBe('https://bedrock-runtime.us-east-1.amazonaws.com/model/arn%3Aaws%3Abedrock%3Aus-east-1%3A123456789012%3Aapplication-inference-profile%2Fa1b2c3/invoke');
  });

  it('sends to the channel base URL when one is set, signing its host', () => {
    const { req } = build({ messages: [] }, { channel: { baseUrl: 'http://127.0.0.1:4555/' } });
    expect(req.url).toBe('http://127.0.0.1:4555/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/invoke');
    const { authorization, 'x-amz-date': _d, ...unsigned } = req.headers;
    const again = signV4({ method: 'POST', url: req.url, headers: unsigned, body: req.body }, { region: 'us-east-1', service: 'bedrock', credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secretEXAMPLE' }, date: new Date('2025-01-02T03:04:05Z') });
    expect(again.canonicalRequest).toContain('host:127.0.0.1:4555\n');
    expect(again.headers.authorization).toBe(authorization);
  });

  it('moves the anthropic-beta header of the model settings into the body, merged with the client list', () => {
    const settings = { ...testSettings, claudeHeaders: { 'anthropic-beta': 'context-1m-2025-08-07, interleaved-thinking-2025-05-14' } };
    const { req } = build({ messages: [], anthropic_beta: ['interleaved-thinking-2025-05-14', 'token-efficient-tools-2025-02-19'] }, { endpoint: 'claude.messages', settings });
    expect(sentBody(req).anthropic_beta).toEqual(['interleaved-thinking-2025-05-14', 'token-efficient-tools-2025-02-19', 'context-1m-2025-08-07']);
    expect(req.headers).not.toHaveProperty('anthropic-beta');
  });

  it('passes a native body through with unknown fields, without model and stream', () => {
    const { req } = build({ model: 'claude-sonnet-4-5', max_tokens: 99, stream: true, messages: [], tool_choice: { type: 'auto' }, experimental: { x: 1 } }, { endpoint: 'claude.messages', stream: true });
    expect(sentBody(req)).toEqual({ max_tokens: 99, messages: [], tool_choice: { type: 'auto' }, experimental: { x: 1 }, anthropic_version: 'bedrock-2023-05-31' });
  });

  it('applies the thinking budget of a -thinking model', () => {
    const { req } = build({ messages: [{ role: 'user', content: 'Why?' }] }, { settings: { ...testSettings, claudeThinkingBudget: 2048 } });
    expect(sentBody(req).thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
  });
});

describe('awsClaudeAdapter answers', () => {
  it('converts an invoke answer to a chat completion with cache usage', () => {
    const { ctx } = build({ messages: [] });
    const parsed = adapter.parseResponse(bytes(rawText(fixture('message.json'))), 'application/json', ctx);
    expect(parsed.body).toMatchObject({ choices: [{ message: { content: 'Bonjour à tous.' }, finish_reason: 'stop' }] });
    expect(parsed.usage).toMatchObject({ promptTokens: 18, cacheCreationTokens: 64, completionTokens: 7, semantic: 'anthropic' });
  });

  it('passes a native invoke answer through', () => {
    const { ctx } = build({ messages: [] }, { endpoint: 'claude.messages' });
    const raw = rawText(fixture('message.json'));
    expect(adapter.parseResponse(bytes(raw), 'application/json', ctx).body).toEqual(JSON.parse(raw));
  });
});

describe('awsClaudeAdapter event streams', () => {
  it('reads the binary event stream, not SSE, as the stream', () => {
    const { ctx } = build({ messages: [] }, { stream: true });
    expect(adapter.isStream(EVENT_STREAM, ctx)).toBe(true);
    expect(adapter.isStream('application/json', ctx)).toBe(false);
    expect(adapter.createByteStreamTranslator!(ctx, 'text/event-stream')).toBeUndefined();
  });

  it('turns event-stream frames into chat chunks with usage and the produced text', () => {
    const { ctx } = build({ messages: [], stream: true }, { stream: true });
    const translator = byteTranslator(ctx);
    const out = [...translator.push(streamFrames()), ...translator.end()];
    const chunks = out.map((e) => e.data as { choices: { delta: { content?: string }; finish_reason: string | null }[]; usage?: unknown });
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Bonjour à tous 👋');
    expect(chunks.at(-2)!.choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 530, completion_tokens: 9, prompt_tokens_details: { cached_tokens: 512 } });
    expect(translator.usage()).toMatchObject({ promptTokens: 18, cachedTokens: 512, completionTokens: 9 });
    expect(translator.drainText!()).toBe('Bonjour à tous 👋');
  });

  it('passes native events on as raw Claude JSON named by their type, whatever the chunking', () => {
    const { ctx } = build({ messages: [], stream: true }, { endpoint: 'claude.messages', stream: true });
    const expected = readFixture<{ data: unknown }[]>(fixture('stream-events.json')).map((e) => ({ event: (e.data as { type: string }).type, data: JSON.stringify(e.data) }));
    const stream = streamFrames();
    for (let cut = 1; cut < stream.length; cut++) {
      const translator = byteTranslator(ctx);
      const out: OutboundEvent[] = [...translator.push(stream.subarray(0, cut)), ...translator.push(stream.subarray(cut)), ...translator.end()];
      expect(out, `split at ${cut}`).toEqual(expected);
    }
  });

  it('ends the stream with an error when Bedrock sends an exception', () => {
    const frames = [chunkFrame(readFixture<{ data: unknown }[]>(fixture('stream-events.json'))[0].data), exceptionFrame('throttlingException', 'Too many tokens, please wait before trying again.')];
    const hub = build({ messages: [], stream: true }, { stream: true }).ctx;
    const hubOut = byteTranslator(hub).push(concatBytes(frames));
    expect(hubOut.at(-1)!.data).toMatchObject({ error: { type: 'rate_limit_error', message: 'Bedrock throttlingException: Too many tokens, please wait before trying again.' } });
    const native = build({ messages: [], stream: true }, { endpoint: 'claude.messages', stream: true }).ctx;
    const nativeOut = byteTranslator(native).push(concatBytes(frames));
    expect(nativeOut.at(-1)!.event).toBe('error');
    expect(JSON.parse(nativeOut.at(-1)!.data as string)).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: 'Bedrock throttlingException: Too many tokens, please wait before trying again.' } });
  });

  it('reads an error message (error code headers) as an error too', () => {
    const { ctx } = build({ messages: [], stream: true }, { endpoint: 'claude.messages', stream: true });
    const frame = encodeFrame({ ':message-type': 'error', ':error-code': 'InternalFailure', ':error-message': 'The request processing has failed.' }, '');
    const out = byteTranslator(ctx).push(frame);
    expect(JSON.parse(out[0].data as string)).toMatchObject({ error: { type: 'api_error', message: 'Bedrock InternalFailure: The request processing has failed.' } });
  });

  it('fails the stream on a checksum mismatch and on a truncated frame', () => {
    const { ctx } = build({ messages: [], stream: true }, { stream: true });
    const corrupt = streamFrames();
    corrupt[40] ^= 0xff;
    expect(() => byteTranslator(ctx).push(corrupt)).toThrow(RelayError);
    const truncated = byteTranslator(ctx);
    truncated.push(streamFrames().subarray(0, 100));
    expect(() => truncated.end()).toThrow(/ended inside a message/);
  });

  it('reads an SSE answer from a proxy in front of Bedrock with the Claude translator', () => {
    const { ctx } = build({ messages: [], stream: true }, { stream: true });
    const translator = adapter.createStreamTranslator(ctx);
    const out = readSseFixture(fixture('stream-events.json')).flatMap((e) => translator.push(e));
    expect(out.map((e) => (e.data as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '').join('')).toBe('Bonjour à tous 👋');
  });
});

describe('awsClaudeAdapter errors', () => {
  const ctx = testContext({ channel });

  it('tells rejected credentials from a model the account may not use', () => {
    expect(adapter.parseError(403, rawText(fixture('error-403-token.json')), ctx)).toEqual({
      message: 'The security token included in the request is invalid.',
      type: 'authentication_error',
      code: 'AccessDeniedException',
    });
    expect(adapter.parseError(403, rawText(fixture('error-403-model-access.json')), ctx)).toMatchObject({ type: 'permission_error' });
  });

  it('names the exception by status for validation and throttling errors', () => {
    expect(adapter.parseError(400, rawText(fixture('error-400-validation.json')), ctx)).toMatchObject({ code: 'ValidationException', message: expect.stringMatching(/extraneous key \[model\]/) });
    expect(adapter.parseError(429, rawText(fixture('error-429-throttling.json')), ctx)).toMatchObject({ code: 'ThrottlingException', type: 'ThrottlingException' });
  });

  it('keeps the type of a Claude error body and a service __type', () => {
    expect(adapter.parseError(529, '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}', ctx)).toMatchObject({ type: 'overloaded_error', code: 'overloaded_error' });
    expect(adapter.parseError(400, '{"__type":"com.amazon.coral.validate#ValidationException","message":"bad"}', ctx)).toMatchObject({ code: 'ValidationException', message: 'bad' });
  });
});

/** Builders for adapter unit tests: a channel and a request context with overridable fields. */
import type { AdapterContext, ChannelInfo, ModelSettings, RelayBody } from './provider-adapter.js';

export function testChannel(overrides: Partial<ChannelInfo> = {}): ChannelInfo {
  return { id: 7, type: 1, name: 'test channel', key: 'sk-upstream-key', baseUrl: '', other: '', openaiOrganization: '', setting: {}, ...overrides };
}

export const testSettings: ModelSettings = {
  geminiSafetySettings: [],
  geminiVersion: 'v1beta',
  claudeDefaultMaxTokens: 8192,
  claudeHeaders: {},
  claudeThinkingBudget: null,
};

export function testContext(overrides: Partial<Omit<AdapterContext, 'channel'>> & { channel?: Partial<ChannelInfo> } = {}): AdapterContext {
  const { channel, ...rest } = overrides;
  return {
    endpoint: 'chat',
    upstreamModel: 'upstream-model',
    stream: false,
    settings: testSettings,
    auth: { googleAccessToken: () => Promise.reject(new Error('not used')), codexAccess: () => Promise.reject(new Error('not used')) },
    ...rest,
    channel: testChannel(channel),
  };
}

export const jsonBody = (json: Record<string, unknown>): RelayBody => ({ kind: 'json', json });

/** The JSON an adapter put in its upstream request. */
export function sentJson(body: string | Uint8Array | undefined): Record<string, any> {
  if (typeof body !== 'string') throw new Error('expected a JSON string body');
  return JSON.parse(body) as Record<string, any>;
}

export const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

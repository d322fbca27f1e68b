import { describe, expect, it } from 'vitest';
import { ChannelType, channelTypeOptions } from '@gw/contracts';
import { openAICompatibleAdapter } from './openai-compatible/index.js';
import { allAdapters, getAdapter, indexAdapters } from './registry.js';

/** Types with no relay adapter: the async task services (Midjourney, Suno, Kling, Vidu and Doubao video), served by tasks/. */
const TASK_SERVICES = [ChannelType.MidjourneyProxy, ChannelType.MidjourneyProxyPlus, ChannelType.SunoApi, ChannelType.Kling, ChannelType.Vidu, ChannelType.DoubaoVideo];
/** Types whose native adapters live in their own folders (anthropic, gemini, aws-claude, vertex). */
const NATIVE_ELSEWHERE = [ChannelType.AnthropicClaude, ChannelType.GoogleGemini, ChannelType.AwsClaude, ChannelType.VertexAi];

describe('provider registry', () => {
  it('has an adapter for every relay channel type of the spec and new-api\'s later ones', () => {
    const expected = channelTypeOptions.map((o) => o.value).filter((t) => !TASK_SERVICES.includes(t as never) && !NATIVE_ELSEWHERE.includes(t as never));
    const missing = expected.filter((type) => !getAdapter(type));
    expect(missing).toEqual([]);
    expect(expected).toHaveLength(34);
  });

  it('maps each type to the adapter that claims it', () => {
    expect(getAdapter(ChannelType.OpenAI)?.name).toBe('openai');
    expect(getAdapter(ChannelType.AzureOpenAI)?.name).toBe('azure-openai');
    expect(getAdapter(ChannelType.BaiduWenxinV2)?.name).toBe('baidu');
    expect(getAdapter(ChannelType.ZhipuV4)?.name).toBe('zhipu');
    expect(getAdapter(ChannelType.Cohere)?.name).toBe('cohere');
    expect(getAdapter(ChannelType.GooglePaLM2)?.name).toBe('palm');
    expect(getAdapter(ChannelType.AiProxyKnowledgeBase)?.name).toBe('aiproxy-library');
    expect(getAdapter(ChannelType.FastGptKnowledgeBase)?.name).toBe('fastgpt');
    expect(getAdapter(ChannelType.NewApi)?.name).toBe('new-api');
    expect(getAdapter(ChannelType.MidjourneyProxy)).toBeUndefined();
    expect(getAdapter(ChannelType.Kling)).toBeUndefined();
    expect(getAdapter(ChannelType.Vidu)).toBeUndefined();
    expect(getAdapter(ChannelType.DoubaoVideo)).toBeUndefined();
    expect(getAdapter(9999)).toBeUndefined();
  });

  it('never lets two adapters claim one type', () => {
    const claims = allAdapters().flatMap((a) => a.channelTypes);
    expect(new Set(claims).size).toBe(claims.length);
    const twin = openAICompatibleAdapter({ name: 'twin', channelTypes: [ChannelType.OpenAI], defaultBaseUrl: 'https://x', endpoints: ['chat'] });
    expect(() => indexAdapters([...allAdapters(), twin])).toThrow('channel type 1 is claimed by both openai and twin');
  });

  it('gives every adapter a distinct name and at least one endpoint', () => {
    const names = allAdapters().map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    for (const adapter of allAdapters()) {
      expect(['chat', 'embeddings', 'rerank'].some((e) => adapter.supports(e as never)), adapter.name).toBe(true);
    }
  });
});

/**
 * Channel type → provider adapter. The only module that imports provider folders: adding a provider
 * is one import and one entry in `ADAPTERS`.
 */
import type { ProviderAdapter } from './provider-adapter.js';
import { ai360Adapter } from './ai360/index.js';
import { aiProxyLibraryAdapter } from './aiproxy-library/index.js';
import { anthropicAdapter } from './anthropic/index.js';
import { awsClaudeAdapter } from './aws-claude/index.js';
import { azureOpenAIAdapter } from './azure-openai/index.js';
import { baiduAdapter } from './baidu/index.js';
import { cloudflareAdapter } from './cloudflare/index.js';
import { cohereAdapter } from './cohere/index.js';
import { codexAdapter } from './codex/index.js';
import { cozeAdapter } from './coze/index.js';
import { customAdapter } from './custom/index.js';
import { deepSeekAdapter } from './deepseek/index.js';
import { difyAdapter } from './dify/index.js';
import { fastGptAdapter } from './fastgpt/index.js';
import { geminiAdapter } from './gemini/index.js';
import { hunyuanAdapter } from './hunyuan/index.js';
import { iflytekSparkAdapter } from './iflytek-spark/index.js';
import { jinaAdapter } from './jina/index.js';
import { miniMaxAdapter } from './minimax/index.js';
import { mistralAdapter } from './mistral/index.js';
import { mokaM3eAdapter } from './moka-m3e/index.js';
import { moonshotAdapter } from './moonshot/index.js';
import { newApiAdapter } from './new-api/index.js';
import { ollamaAdapter } from './ollama/index.js';
import { openAIAdapter } from './openai/index.js';
import { openRouterAdapter } from './openrouter/index.js';
import { palmAdapter } from './palm/index.js';
import { perplexityAdapter } from './perplexity/index.js';
import { qwenAdapter } from './qwen/index.js';
import { siliconCloudAdapter } from './siliconcloud/index.js';
import { vertexAdapter } from './vertex/index.js';
import { volcanoArkAdapter } from './volcano-ark/index.js';
import { xaiAdapter } from './xai/index.js';
import { xinferenceAdapter } from './xinference/index.js';
import { zeroOneAiAdapter } from './zero-one-ai/index.js';
import { zhipuAdapter } from './zhipu/index.js';

const ADAPTERS: readonly ProviderAdapter[] = [
  openAIAdapter,
  azureOpenAIAdapter,
  ollamaAdapter,
  customAdapter,
  palmAdapter,
  baiduAdapter,
  anthropicAdapter,
  zhipuAdapter,
  qwenAdapter,
  iflytekSparkAdapter,
  ai360Adapter,
  openRouterAdapter,
  aiProxyLibraryAdapter,
  fastGptAdapter,
  hunyuanAdapter,
  geminiAdapter,
  moonshotAdapter,
  perplexityAdapter,
  zeroOneAiAdapter,
  awsClaudeAdapter,
  cohereAdapter,
  miniMaxAdapter,
  difyAdapter,
  jinaAdapter,
  cloudflareAdapter,
  siliconCloudAdapter,
  vertexAdapter,
  mistralAdapter,
  deepSeekAdapter,
  mokaM3eAdapter,
  volcanoArkAdapter,
  xinferenceAdapter,
  xaiAdapter,
  cozeAdapter,
  codexAdapter,
  newApiAdapter,
];

/** Builds the lookup table; a channel type claimed by two adapters is a programming error. */
export function indexAdapters(adapters: readonly ProviderAdapter[]): Map<number, ProviderAdapter> {
  const byType = new Map<number, ProviderAdapter>();
  for (const adapter of adapters) {
    for (const type of adapter.channelTypes) {
      const taken = byType.get(type);
      if (taken) throw new Error(`channel type ${type} is claimed by both ${taken.name} and ${adapter.name}`);
      byType.set(type, adapter);
    }
  }
  return byType;
}

const BY_TYPE = indexAdapters(ADAPTERS);

export function getAdapter(channelType: number): ProviderAdapter | undefined {
  return BY_TYPE.get(channelType);
}

export function allAdapters(): readonly ProviderAdapter[] {
  return ADAPTERS;
}

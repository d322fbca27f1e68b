/**
 * Channel types and statuses (spec 2 §3 "Channel type enumeration", §4 "Channel status"), shared by the
 * server (adapter registry, routing) and the console (type picker, status tags). Beyond the spec's list,
 * new-api's later types keep their numbers: Perplexity 27, xAI 48, Coze 49, Kling 50, Vidu 52, Doubao Video 54,
 * Codex 57, New API 60.
 */

/** Numeric channel types, new-api compatible. Two values share a label where new-api has two adapters. */
export const ChannelType = {
  OpenAI: 1,
  MidjourneyProxy: 2,
  AzureOpenAI: 3,
  Ollama: 4,
  MidjourneyProxyPlus: 5,
  Custom: 8,
  GooglePaLM2: 11,
  AnthropicClaude: 14,
  BaiduWenxin: 15,
  Zhipu: 16,
  AlibabaQwen: 17,
  IflytekSpark: 18,
  Ai360: 19,
  OpenRouter: 20,
  AiProxyKnowledgeBase: 21,
  FastGptKnowledgeBase: 22,
  TencentHunyuan: 23,
  GoogleGemini: 24,
  Moonshot: 25,
  ZhipuV4: 26,
  Perplexity: 27,
  ZeroOneAi: 31,
  AwsClaude: 33,
  Cohere: 34,
  MiniMax: 35,
  SunoApi: 36,
  Dify: 37,
  Jina: 38,
  Cloudflare: 39,
  SiliconCloud: 40,
  VertexAi: 41,
  Mistral: 42,
  DeepSeek: 43,
  MokaAiM3e: 44,
  VolcanoArk: 45,
  BaiduWenxinV2: 46,
  Xinference: 47,
  Xai: 48,
  Coze: 49,
  Kling: 50,
  Vidu: 52,
  DoubaoVideo: 54,
  Codex: 57,
  NewApi: 60,
} as const;
export type ChannelTypeValue = (typeof ChannelType)[keyof typeof ChannelType];

/** The label shown for each type, exactly as in the spec's enumeration. */
export const channelTypeLabels: Readonly<Record<ChannelTypeValue, string>> = {
  1: 'OpenAI',
  2: 'Midjourney Proxy',
  3: 'Azure OpenAI',
  4: 'Ollama',
  5: 'Midjourney Proxy Plus',
  8: 'custom',
  11: 'Google PaLM2',
  14: 'Anthropic Claude',
  15: 'Baidu Wenxin',
  16: 'Zhipu',
  17: 'Alibaba Qwen',
  18: 'iFlytek Spark',
  19: '360',
  20: 'OpenRouter',
  21: 'AI Proxy knowledge base',
  22: 'FastGPT knowledge base',
  23: 'Tencent Hunyuan',
  24: 'Google Gemini',
  25: 'Moonshot',
  26: 'Zhipu',
  27: 'Perplexity',
  31: '01.AI',
  33: 'AWS Claude',
  34: 'Cohere',
  35: 'MiniMax',
  36: 'Suno API',
  37: 'Dify',
  38: 'Jina',
  39: 'Cloudflare',
  40: 'SiliconCloud',
  41: 'Vertex AI',
  42: 'Mistral',
  43: 'DeepSeek',
  44: 'MokaAI M3E embedding',
  45: 'Volcano Ark/Doubao',
  46: 'Baidu Wenxin',
  47: 'Xinference',
  48: 'xAI',
  49: 'Coze',
  50: 'Kling',
  52: 'Vidu',
  54: 'Doubao Video',
  57: 'Codex (ChatGPT subscription)',
  60: 'New API',
};

/** Every type in ascending value order, ready for a select box. */
export const channelTypeOptions: readonly { value: ChannelTypeValue; label: string }[] = (
  Object.values(ChannelType) as ChannelTypeValue[]
)
  .sort((a, b) => a - b)
  .map((value) => ({ value, label: channelTypeLabels[value] }));

export function isChannelType(value: number): value is ChannelTypeValue {
  return Object.prototype.hasOwnProperty.call(channelTypeLabels, value);
}

/** The label of a type, or `unknown (N)` for a value this build does not know. */
export function channelTypeLabel(value: number): string {
  return isChannelType(value) ? channelTypeLabels[value] : `unknown (${value})`;
}

/** Channel status (spec 2 §4): 1 enabled, 2 disabled by an administrator, 3 disabled automatically. */
export const ChannelStatus = { Enabled: 1, ManuallyDisabled: 2, AutoDisabled: 3 } as const;
export type ChannelStatusValue = (typeof ChannelStatus)[keyof typeof ChannelStatus];

import { ChannelType, type ChannelTypeModels } from '@gw/contracts';

/**
 * Which model names belong to which channel type, for GET /api/models (the console's "fill in the usual
 * models" for a new channel). new-api answers from per-adaptor lists; ours come from the priced model
 * names (every model the gateway ships a price for, plus prices the administrator added), sorted to the
 * vendor they belong to by name, plus the models already configured on channels of that type.
 */
const OPENAI = /^(gpt-|o\d|chatgpt-|text-embedding-3|text-embedding-ada|dall-e|whisper|tts-|omni-moderation|text-moderation|davinci|babbage|codex-|computer-use)/;
const CLAUDE = /^claude-/;
const GEMINI = /^(gemini-|gemma-|text-embedding-004|imagen-|veo-)/;

const RULES: readonly [types: readonly number[], pattern: RegExp][] = [
  // AI Proxy's library channels list OpenAI's models, as one-api did.
  [[ChannelType.OpenAI, ChannelType.AzureOpenAI, ChannelType.AiProxyKnowledgeBase], OPENAI],
  [[ChannelType.AnthropicClaude, ChannelType.AwsClaude], CLAUDE],
  [[ChannelType.GoogleGemini], GEMINI],
  [[ChannelType.GooglePaLM2], /^(chat-bison|PaLM-2$)/],
  [[ChannelType.VertexAi], new RegExp(`${GEMINI.source}|${CLAUDE.source}`)],
  [[ChannelType.DeepSeek], /^deepseek-(chat|coder|reasoner)/],
  [[ChannelType.AlibabaQwen], /^(qwen|qwq-|text-embedding-v\d)/],
  [[ChannelType.Zhipu, ChannelType.ZhipuV4], /^(glm-|chatglm|cogview|embedding-\d)/],
  [[ChannelType.Moonshot], /^(moonshot-|kimi-)/],
  // Seedance (video) runs on Doubao video channels, not on the chat ones.
  [[ChannelType.VolcanoArk], /^doubao-(?!seedance-)/],
  [[ChannelType.TencentHunyuan], /^hunyuan-/],
  [[ChannelType.BaiduWenxin, ChannelType.BaiduWenxinV2], /^(ERNIE-|ernie-|Embedding-V1|bge-large)/],
  [[ChannelType.ZeroOneAi], /^yi-/],
  [[ChannelType.MiniMax], /^(MiniMax-|abab)/],
  [[ChannelType.IflytekSpark], /^(SparkDesk|spark|generalv|4\.0Ultra)/i],
  [[ChannelType.Mistral], /^(mistral-|codestral-|open-mistral|pixtral-|ministral-|magistral-)/],
  [[ChannelType.Cohere], /^(command-|embed-|rerank-)/],
  [[ChannelType.Xai], /^grok-/],
  [[ChannelType.Perplexity], /^(sonar|r1-1776)/],
  // The ChatGPT subscription's Codex backend serves the GPT-5 family and the codex models only.
  [[ChannelType.Codex], /^(gpt-5|codex-mini)/],
  [[ChannelType.Jina], /^jina-/],
  [[ChannelType.Cloudflare], /^@cf\//],
  [[ChannelType.SiliconCloud], /^[A-Za-z0-9-]+\/[^/]+$/],
  [[ChannelType.OpenRouter], /\//],
  [[ChannelType.MidjourneyProxy, ChannelType.MidjourneyProxyPlus], /^(mj_|swap_face)/],
  [[ChannelType.SunoApi], /^suno_/],
  [[ChannelType.Kling], /^kling-/],
  [[ChannelType.Vidu], /^vidu/],
  [[ChannelType.DoubaoVideo], /^(doubao-|dreamina-)?seedance-/],
];

/** The catalogue: channel type → sorted model names. `pricedModels` are the names of the price tables. */
export function channelTypeModels(pricedModels: Iterable<string>, channels: Iterable<{ type: number; models: string | null }>): ChannelTypeModels {
  const byType = new Map<number, Set<string>>();
  const add = (type: number, model: string) => {
    let set = byType.get(type);
    if (!set) byType.set(type, (set = new Set()));
    set.add(model);
  };
  for (const model of pricedModels) {
    for (const [types, pattern] of RULES) if (pattern.test(model)) for (const type of types) add(type, model);
  }
  for (const channel of channels) {
    for (const model of (channel.models ?? '').split(',')) if (model.trim()) add(channel.type, model.trim());
  }
  const out: ChannelTypeModels = {};
  for (const type of [...byType.keys()].sort((a, b) => a - b)) out[String(type)] = [...byType.get(type)!].sort();
  return out;
}

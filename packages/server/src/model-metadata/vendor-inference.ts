/**
 * Guesses who makes a model from its name, for models without metadata (the pricing page's vendor
 * filter). A pattern counts only at the start of a name part (after a start, "/", "-", "_", "." or ":"),
 * so "360gpt-pro" is 360's and not OpenAI's. When several patterns match, the leftmost wins and then the
 * longest: the maker comes first in a model name, variants and routes after it.
 */
const RULES: readonly (readonly [pattern: string, vendor: string])[] = [
  ['gpt', 'OpenAI'], ['chatgpt', 'OpenAI'], ['o1', 'OpenAI'], ['o3', 'OpenAI'], ['o4', 'OpenAI'], ['dall-e', 'OpenAI'],
  ['whisper', 'OpenAI'], ['tts-1', 'OpenAI'], ['text-embedding', 'OpenAI'], ['text-moderation', 'OpenAI'],
  ['omni-moderation', 'OpenAI'], ['davinci', 'OpenAI'], ['babbage', 'OpenAI'], ['sora', 'OpenAI'], ['codex', 'OpenAI'],
  ['claude', 'Anthropic'],
  ['gemini', 'Google'], ['gemma', 'Google'], ['imagen', 'Google'], ['veo', 'Google'], ['palm', 'Google'], ['learnlm', 'Google'],
  ['deepseek', 'DeepSeek'],
  ['qwen', 'Alibaba'], ['qwq', 'Alibaba'], ['qvq', 'Alibaba'], ['wanx', 'Alibaba'],
  ['glm', 'Zhipu'], ['chatglm', 'Zhipu'], ['cogview', 'Zhipu'], ['cogvideo', 'Zhipu'],
  ['moonshot', 'Moonshot'], ['kimi', 'Moonshot'],
  ['abab', 'MiniMax'], ['minimax', 'MiniMax'],
  ['ernie', 'Baidu'],
  ['hunyuan', 'Tencent'],
  ['spark', 'iFlytek'], ['generalv3', 'iFlytek'],
  ['doubao', 'ByteDance'], ['seedream', 'ByteDance'], ['seedance', 'ByteDance'],
  ['mistral', 'Mistral'], ['mixtral', 'Mistral'], ['codestral', 'Mistral'], ['pixtral', 'Mistral'], ['magistral', 'Mistral'],
  ['devstral', 'Mistral'], ['ministral', 'Mistral'],
  ['grok', 'xAI'],
  ['llama', 'Meta'],
  ['command', 'Cohere'], ['c4ai', 'Cohere'], ['embed-english', 'Cohere'], ['embed-multilingual', 'Cohere'], ['rerank-english', 'Cohere'],
  ['rerank-multilingual', 'Cohere'],
  ['yi', '01.AI'],
  ['360', '360'],
  ['jina', 'Jina'],
  ['phi', 'Microsoft'],
];

const PART_START = /[/\-_.:]/;

/** The vendor name a model name suggests, or undefined when no rule matches. */
export function inferVendorName(model: string): string | undefined {
  const name = model.toLowerCase();
  let best: { at: number; length: number; vendor: string } | undefined;
  for (const [pattern, vendor] of RULES) {
    for (let at = name.indexOf(pattern); at !== -1; at = name.indexOf(pattern, at + 1)) {
      if (at > 0 && !PART_START.test(name[at - 1]!)) continue;
      if (!best || at < best.at || (at === best.at && pattern.length > best.length)) best = { at, length: pattern.length, vendor };
      break;
    }
  }
  return best?.vendor;
}

/** Every vendor name the rules can answer (a test keeps them among the seeded vendors). */
export const INFERRED_VENDOR_NAMES: readonly string[] = [...new Set(RULES.map(([, vendor]) => vendor))];

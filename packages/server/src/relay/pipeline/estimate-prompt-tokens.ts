import { countTextTokens } from '../usage/token-counter.js';
import { geminiEmbedTexts } from '../formats/gemini/embeddings.js';
import type { RelayBody, RelayEndpoint } from '../providers/provider-adapter.js';

const PER_MESSAGE = 3;
const REPLY_PRIMING = 3;
const PER_TOOL = 8;
const PER_IMAGE = 85 + 170 * 4;

/**
 * An estimate of the prompt tokens of a request, for pre-consumption and as the prompt count when an
 * upstream reports no usage. Text is tokenised; each message, tool and image adds a fixed overhead.
 */
export function estimatePromptTokens(endpoint: RelayEndpoint, body: RelayBody): number {
  if (body.kind !== 'json') return 0;
  const json = body.json;
  switch (endpoint) {
    case 'chat':
      return chatTokens(json.messages) + toolsTokens(json.tools);
    case 'claude.messages':
      return chatTokens(json.messages) + textTokens(json.system) + toolsTokens(json.tools);
    case 'gemini.generate':
      return chatTokens(json.contents) + textTokens(json.systemInstruction) + toolsTokens(json.tools);
    case 'gemini.embed':
      return geminiEmbedTexts(json).reduce((sum, text) => sum + countTextTokens(text), 0);
    case 'completions':
      return textTokens(json.prompt);
    case 'embeddings':
    case 'moderations':
      return textTokens(json.input);
    case 'rerank':
      return textTokens(json.query) + textTokens(json.documents);
    case 'responses':
      return textTokens(json.input) + textTokens(json.instructions) + toolsTokens(json.tools);
    case 'responses.compact':
      return textTokens(json.input) + textTokens(json.instructions);
    case 'audio.speech':
      return textTokens(json.input);
    default:
      return 0;
  }
}

function chatTokens(messages: unknown): number {
  if (!Array.isArray(messages)) return 0;
  let total = REPLY_PRIMING;
  for (const m of messages) total += PER_MESSAGE + textTokens(m);
  return total;
}

function toolsTokens(tools: unknown): number {
  if (!Array.isArray(tools)) return 0;
  return tools.reduce((n: number, t) => n + PER_TOOL + countTextTokens(JSON.stringify(t)), 0);
}

/** Tokens of every string inside a value; images count a fixed amount instead of their bytes. */
function textTokens(value: unknown): number {
  const texts: string[] = [];
  let images = 0;
  const walk = (v: unknown, depth: number) => {
    if (depth > 12) return;
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) for (const x of v) walk(x, depth + 1);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'image_url' || k === 'inlineData' || k === 'source' || k === 'input_audio') {
          images++;
          continue;
        }
        if (k === 'role' || k === 'type' || k === 'id' || k === 'tool_call_id' || k === 'cache_control') continue;
        walk(x, depth + 1);
      }
    }
  };
  walk(value, 0);
  return countTextTokens(texts.join('\n')) + images * PER_IMAGE;
}

/** Keys whose values count a fixed amount of tokens however few bytes they take (see textTokens). */
const FIXED_COST_MARKERS = ['image_url', 'inlineData', 'source', 'input_audio'].map((m) => Buffer.from(m));

/**
 * A request's prompt estimate, tokenised only when something needs the number: most answers report
 * their usage, and a caller trusted with a generous balance takes no hold, so tokenising every prompt
 * was wasted work on the hot path.
 */
export class PromptEstimate {
  private value: number | undefined;

  constructor(
    private readonly endpoint: RelayEndpoint,
    private readonly body: RelayBody,
  ) {}

  get tokens(): number {
    this.value ??= estimatePromptTokens(this.endpoint, this.body);
    return this.value;
  }

  get computed(): boolean {
    return this.value !== undefined;
  }

  /**
   * A number never below `tokens`, cheap when the raw JSON is at hand: a token is at least one byte,
   * and the fixed overheads per message and tool are smaller than the JSON around them (doubled and
   * padded for margin). Bodies with images or audio, whose cost is fixed rather than per byte, are
   * tokenised.
   */
  get upperBound(): number {
    if (this.value !== undefined) return this.value;
    const raw = this.body.kind === 'json' ? this.body.raw : undefined;
    if (!raw) return this.tokens;
    const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    if (FIXED_COST_MARKERS.some((m) => bytes.includes(m))) return this.tokens;
    return 2 * raw.byteLength + 16;
  }
}

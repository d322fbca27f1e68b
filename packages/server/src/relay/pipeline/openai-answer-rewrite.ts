import type { ChannelSettings } from '@gw/contracts';
import { nowSeconds, randomId } from '../formats/ids.js';
import type { ByteStreamTranslator, OutboundEvent } from '../providers/provider-adapter.js';
import { isJsonObject } from '../formats/json-object.js';
import { mappedTranslator } from './mapped-translator.js';

type Json = Record<string, any>;

/**
 * What a channel's settings change in the chat answers OpenAI clients get (new-api's `thinking_to_content`
 * and `force_format`): a rewrite of a complete answer, and a fresh rewrite per stream for its chunks.
 */
export interface OpenAIAnswerRewrite {
  answer(body: Json): Json;
  chunks(): (chunk: Json) => Json;
}

export function openAIAnswerRewrite(settings: ChannelSettings): OpenAIAnswerRewrite | undefined {
  const think = settings.thinking_to_content === true;
  const format = settings.force_format === true;
  if (!think && !format) return undefined;
  return {
    answer: (body) => {
      const thought = think ? withThinkingAsContent(body) : body;
      return format ? standardCompletion(thought) : thought;
    },
    chunks: () => {
      const thinking = think ? thinkingChunks() : undefined;
      const id = randomId('chatcmpl-');
      return (chunk) => {
        const thought = thinking ? thinking(chunk) : chunk;
        return format ? standardChunk(thought, id) : thought;
      };
    },
  };
}

/** A stream translator whose hub chunks go through `rewrite` (they then leave as objects, never as the upstream's text). */
export function rewriteHubChunks(inner: ByteStreamTranslator, rewrite: (chunk: Json) => Json): ByteStreamTranslator {
  const map = (events: OutboundEvent[]): OutboundEvent[] =>
    events.map((e) => {
      let chunk: unknown = e.data;
      if (typeof chunk === 'string') {
        try {
          chunk = JSON.parse(chunk);
        } catch {
          return e;
        }
      }
      return isJsonObject(chunk) ? { ...e, data: rewrite(chunk) } : e;
    });
  return mappedTranslator(inner, map);
}

const reasoningOf = (m: Json): string => {
  const r = m.reasoning_content ?? m.reasoning;
  return typeof r === 'string' ? r : '';
};

function withoutReasoning(m: Json): Json {
  const { reasoning_content: _content, reasoning: _reasoning, ...rest } = m;
  return rest;
}

const OPEN = '<think>\n';
const CLOSE = '\n</think>\n\n';

/** A complete answer's reasoning as `<think>…</think>` in front of each choice's content. */
export function withThinkingAsContent(body: Json): Json {
  if (!Array.isArray(body.choices)) return body;
  const choices = body.choices.map((choice: unknown) => {
    if (!isJsonObject(choice) || !isJsonObject(choice.message)) return choice;
    const reasoning = reasoningOf(choice.message);
    if (!reasoning) return choice;
    const content = typeof choice.message.content === 'string' ? choice.message.content : '';
    return { ...choice, message: { ...withoutReasoning(choice.message), content: `${OPEN}${reasoning}${CLOSE}${content}` } };
  });
  return { ...body, choices };
}

/**
 * Stream chunks whose reasoning deltas become content: `<think>\n` before the first, `\n</think>\n\n` before
 * the first answer text or tool call after them, and a closing tag if the choice finishes still thinking.
 */
export function thinkingChunks(): (chunk: Json) => Json {
  const open = new Set<number>();
  return (chunk) => {
    if (!Array.isArray(chunk.choices)) return chunk;
    const choices = chunk.choices.map((choice: unknown) => {
      if (!isJsonObject(choice) || !isJsonObject(choice.delta)) return choice;
      const index = typeof choice.index === 'number' ? choice.index : 0;
      const reasoning = reasoningOf(choice.delta);
      const delta = reasoning || 'reasoning_content' in choice.delta || 'reasoning' in choice.delta ? withoutReasoning(choice.delta) : choice.delta;
      let text = '';
      if (reasoning) {
        if (!open.has(index)) text += OPEN;
        open.add(index);
        text += reasoning;
      }
      const answers = (typeof delta.content === 'string' && delta.content !== '') || Array.isArray(delta.tool_calls);
      if (open.has(index) && (answers || choice.finish_reason)) {
        text += answers ? CLOSE : '\n</think>';
        open.delete(index);
      }
      if (!text) return delta === choice.delta ? choice : { ...choice, delta };
      return { ...choice, delta: { ...delta, content: text + (typeof delta.content === 'string' ? delta.content : '') } };
    });
    return { ...chunk, choices };
  };
}

function pick(source: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

const MESSAGE_KEYS = ['role', 'content', 'refusal', 'reasoning_content', 'reasoning', 'tool_calls', 'function_call', 'audio', 'annotations'] as const;
const USAGE_KEYS = ['prompt_tokens', 'completion_tokens', 'total_tokens', 'prompt_tokens_details', 'completion_tokens_details'] as const;
const TOP_KEYS = ['system_fingerprint', 'service_tier'] as const;

const standardUsage = (usage: unknown) => (isJsonObject(usage) ? pick(usage, USAGE_KEYS) : usage === null ? null : undefined);

function standardChoice(choice: unknown, i: number, field: 'message' | 'delta'): Json {
  const c = isJsonObject(choice) ? choice : {};
  const body = isJsonObject(c[field]) ? pick(c[field], MESSAGE_KEYS) : {};
  return { index: typeof c.index === 'number' ? c.index : i, [field]: body, logprobs: c.logprobs ?? null, finish_reason: c.finish_reason ?? null };
}

function standardEnvelope(body: Json, object: string, fallbackId: string): Json {
  return {
    id: typeof body.id === 'string' && body.id ? body.id : fallbackId,
    object,
    created: typeof body.created === 'number' ? body.created : nowSeconds(),
    model: typeof body.model === 'string' ? body.model : '',
    ...pick(body, TOP_KEYS),
  };
}

/** A complete answer with only the fields of OpenAI's chat.completion (missing id, object, created filled in). */
export function standardCompletion(body: Json): Json {
  const out = standardEnvelope(body, 'chat.completion', randomId('chatcmpl-'));
  out.choices = Array.isArray(body.choices) ? body.choices.map((c: unknown, i: number) => standardChoice(c, i, 'message')) : [];
  const usage = standardUsage(body.usage);
  if (usage !== undefined) out.usage = usage;
  return out;
}

/** A stream chunk with only the fields of OpenAI's chat.completion.chunk (`fallbackId` for one without an id). */
export function standardChunk(chunk: Json, fallbackId: string): Json {
  const out = standardEnvelope(chunk, 'chat.completion.chunk', fallbackId);
  out.choices = Array.isArray(chunk.choices) ? chunk.choices.map((c: unknown, i: number) => standardChoice(c, i, 'delta')) : [];
  const usage = standardUsage(chunk.usage);
  if (usage !== undefined) out.usage = usage;
  return out;
}

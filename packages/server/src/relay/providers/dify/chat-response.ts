/** Dify answers (blocking JSON and stream events) → hub chat completion and chunks. */
import { nowSeconds, randomId } from '../../formats/ids.js';
import { TextStreamTranslator } from '../text-stream-translator.js';
import { ChunkFactory } from '../../formats/openai/chunks.js';
import type { ChatCompletion, OpenAIUsage } from '../../formats/openai/types.js';
import { fromOpenAIUsage, toOpenAIUsage, type Usage } from '../../formats/usage.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';
import type { OutboundEvent } from '../provider-adapter.js';
import type { DifyChatResponse, DifyStreamEvent, DifyUsage } from './types.js';

/** Dify's usage carries the OpenAI token fields (plus prices, which are ignored). */
const fromDifyUsage = (usage: DifyUsage | undefined): Usage | undefined => (usage ? fromOpenAIUsage(usage as OpenAIUsage) : undefined);

const completionId = (messageId: string | undefined): string => (messageId ? `chatcmpl-${messageId}` : randomId('chatcmpl-'));

export function fromDifyChatResponse(response: DifyChatResponse, model: string): { completion: ChatCompletion; usage: Usage | undefined } {
  const usage = fromDifyUsage(response.metadata?.usage);
  const completion: ChatCompletion = {
    id: completionId(response.message_id ?? response.id),
    object: 'chat.completion',
    created: response.created_at ?? nowSeconds(),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: response.answer ?? '' }, finish_reason: 'stop', logprobs: null }],
  };
  if (usage) completion.usage = toOpenAIUsage(usage);
  return { completion, usage };
}

/**
 * message / agent_message carry answer text; message_end closes with usage; error ends the stream
 * with an OpenAI-style error object. Workflow, node, agent_thought, file, TTS and ping events have
 * nothing for a chat client; message_replace (a moderation rewrite) cannot take back text already sent.
 */
export class DifyStreamTranslator extends TextStreamTranslator {
  private readonly chunks: ChunkFactory;
  private started = false;
  private finished = false;

  constructor(model: string, private readonly includeUsage: boolean) {
    super();
    this.chunks = new ChunkFactory(randomId('chatcmpl-'), model, nowSeconds(), includeUsage);
  }

  push(sse: ParsedSseEvent): OutboundEvent[] {
    let event: DifyStreamEvent;
    try {
      event = JSON.parse(sse.data) as DifyStreamEvent;
    } catch {
      return [];
    }
    if (this.finished || typeof event !== 'object' || event === null) return [];
    switch (event.event) {
      case 'message':
      case 'agent_message':
        return event.answer ? [...this.start(event), { data: this.chunks.delta({ content: this.collect(event.answer) }) }] : this.start(event);
      case 'message_end':
        return this.finish(event);
      case 'error':
        this.finished = true;
        return [{ data: { error: { message: event.message || 'Dify reported an error', type: 'upstream_error', param: null, code: event.code ?? null } } }];
      default:
        return [];
    }
  }

  private collect(answer: string): string {
    this.text += answer;
    return answer;
  }

  private start(event: DifyStreamEvent): OutboundEvent[] {
    if (this.started) return [];
    this.started = true;
    if (event.message_id) this.chunks.id = completionId(event.message_id);
    return [{ data: this.chunks.delta({ role: 'assistant', content: '' }) }];
  }

  private finish(event: DifyStreamEvent): OutboundEvent[] {
    this.finished = true;
    this.lastUsage = fromDifyUsage(event.metadata?.usage);
    const out = [...this.start(event), { data: this.chunks.delta({}, 'stop') }];
    if (this.includeUsage && this.lastUsage) out.push({ data: this.chunks.usage(toOpenAIUsage(this.lastUsage)) });
    return out;
  }
}

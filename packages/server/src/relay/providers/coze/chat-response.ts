/**
 * A whole Coze answer → hub chat completion. The gateway always asks Coze for a stream (a non-streamed
 * chat would have to be polled), so for a client that did not stream, the pipeline hands the whole event
 * stream here and it is run through the stream translator and gathered into one message. A JSON body
 * instead of events is Coze's `{code, msg}` error sent with HTTP 200: it becomes that error.
 */
import { nowSeconds, randomId } from '../../formats/ids.js';
import type { ChatCompletion, ChatCompletionChunk, ChatResponseMessage } from '../../formats/openai/types.js';
import { toOpenAIUsage } from '../../formats/usage.js';
import { SseParser } from '../../streaming/sse-parser.js';
import { badResponseBody, parseJsonBody } from '../openai-compatible/index.js';
import type { ProviderResponse } from '../provider-adapter.js';
import { cozeErrorOf, cozeRefusal } from './coze-error.js';
import { CozeStreamTranslator } from './chat-stream.js';

const decoder = new TextDecoder();

export function fromCozeAnswer(raw: Uint8Array, model: string): ProviderResponse {
  const text = decoder.decode(raw);
  if (text.trimStart().startsWith('{')) {
    const error = cozeErrorOf(parseJsonBody(raw));
    throw error ? cozeRefusal(error) : badResponseBody('Coze answered a JSON object instead of the event stream it was asked for');
  }
  const translator = new CozeStreamTranslator(model, false);
  const parser = new SseParser();
  const events = [...parser.push(text), ...parser.end()].flatMap((e) => translator.push(e));
  events.push(...translator.end());

  let id: string | undefined;
  let content = '';
  let reasoning = '';
  for (const { data } of events) {
    const chunk = data as ChatCompletionChunk;
    id ??= chunk.id;
    const delta = chunk.choices[0]?.delta;
    if (typeof delta?.content === 'string') content += delta.content;
    if (typeof delta?.reasoning_content === 'string') reasoning += delta.reasoning_content;
  }
  const message: ChatResponseMessage = { role: 'assistant', content };
  if (reasoning) message.reasoning_content = reasoning;
  const usage = translator.usage();
  const completion: ChatCompletion = {
    id: id ?? randomId('chatcmpl-'),
    object: 'chat.completion',
    created: nowSeconds(),
    model,
    choices: [{ index: 0, message, finish_reason: 'stop', logprobs: null }],
  };
  if (usage) completion.usage = toOpenAIUsage(usage);
  return { body: completion, usage };
}

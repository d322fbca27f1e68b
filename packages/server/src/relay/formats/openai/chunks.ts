import type { ChatCompletionChunk, ChatDelta, FinishReason, OpenAIUsage } from './types.js';

/** Builds the chunks of one OpenAI stream: same id, model and created time on every chunk. */
export class ChunkFactory {
  constructor(
    public id: string,
    public model: string,
    readonly created: number,
    /** With stream_options.include_usage every chunk carries `usage` (null until the last one). */
    readonly includeUsage: boolean,
  ) {}

  delta(delta: ChatDelta, finishReason: FinishReason | null = null): ChatCompletionChunk {
    const chunk: ChatCompletionChunk = {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    };
    if (this.includeUsage) chunk.usage = null;
    return chunk;
  }

  /** The last chunk of a stream that asked for usage: no choices, only usage. */
  usage(usage: OpenAIUsage): ChatCompletionChunk {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices: [], usage };
  }
}

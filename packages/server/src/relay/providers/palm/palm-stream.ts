/**
 * PaLM cannot stream. A stream request is sent as a normal one and this translator, fed the whole JSON
 * answer, re-emits it as a hub stream once it has arrived: the first candidate's text in one chunk,
 * then the finish chunk. An answer without candidates ends the stream with the error that says why.
 */
import { ChunkFactory } from '../../formats/openai/chunks.js';
import { RelayError } from '../../relay-error.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';
import { parseJsonBody } from '../openai-compatible/index.js';
import type { ByteStreamTranslator, OutboundEvent, StreamTranslator } from '../provider-adapter.js';
import { fromPalmResponse } from './palm-response.js';
import type { PalmResponse } from './types.js';

const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export class PalmWholeAnswerTranslator implements ByteStreamTranslator {
  private readonly parts: Uint8Array[] = [];
  private size = 0;
  private text = '';

  constructor(private readonly model: string) {}

  push(chunk: Uint8Array): OutboundEvent[] {
    this.size += chunk.length;
    if (this.size > MAX_ANSWER_BYTES) throw new RelayError(502, 'response_too_large', 'the PaLM answer exceeded 16 MB', 'upstream');
    this.parts.push(chunk);
    return [];
  }

  end(): OutboundEvent[] {
    const completion = fromPalmResponse(parseJsonBody(Buffer.concat(this.parts)) as PalmResponse, this.model);
    const content = completion.choices[0].message.content ?? '';
    this.text = content;
    const chunks = new ChunkFactory(completion.id, completion.model, completion.created, false);
    return [{ data: chunks.delta({ role: 'assistant', content }) }, { data: chunks.delta({}, 'stop') }];
  }

  usage(): undefined {
    return undefined;
  }

  drainText(): string {
    const text = this.text;
    this.text = '';
    return text;
  }
}

/** For a proxy that wraps the JSON answer in a server-sent event: the events' data is the answer. */
export function palmSseTranslator(model: string): StreamTranslator {
  const whole = new PalmWholeAnswerTranslator(model);
  const encoder = new TextEncoder();
  return {
    push: (event: ParsedSseEvent) => whole.push(encoder.encode(event.data)),
    end: () => whole.end(),
    usage: () => undefined,
    drainText: () => whole.drainText(),
  };
}

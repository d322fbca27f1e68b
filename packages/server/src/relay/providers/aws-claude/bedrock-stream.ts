/** Bedrock invoke-with-response-stream: event-stream frames carrying base64 Claude events. */
import type { ClaudeStreamEvent } from '../../formats/anthropic/types.js';
import type { Usage } from '../../formats/usage.js';
import type { ByteStreamTranslator, OutboundEvent } from '../provider-adapter.js';
import type { ClaudeStreamTranslator } from '../anthropic/claude-stream.js';
import { EventStreamDecoder, type EventStreamMessage } from './event-stream.js';

export const EVENT_STREAM_CONTENT_TYPE = /application\/vnd\.amazon\.eventstream/i;

/** Stream exceptions as the Claude error types clients know. */
const CLAUDE_ERROR_TYPES: Readonly<Record<string, string>> = {
  throttlingException: 'rate_limit_error',
  serviceUnavailableException: 'overloaded_error',
  modelTimeoutException: 'timeout_error',
  validationException: 'invalid_request_error',
  internalServerException: 'api_error',
  modelStreamErrorException: 'api_error',
};

const textDecoder = new TextDecoder();

function payloadJson(payload: Uint8Array): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(textDecoder.decode(payload)) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `chunk` events hold `{"bytes": "<base64 of one Claude stream event>"}`, decoded and handed to the
 * Claude translator. An exception message (`:message-type` exception or error) becomes a Claude
 * `error` event, so the client gets an error in its own format and the stream ends there.
 */
export class BedrockStreamTranslator implements ByteStreamTranslator {
  private readonly decoder = new EventStreamDecoder();

  constructor(private readonly claude: ClaudeStreamTranslator) {}

  push(chunk: Uint8Array): OutboundEvent[] {
    return this.decoder.push(chunk).flatMap((message) => this.message(message));
  }

  end(): OutboundEvent[] {
    this.decoder.end();
    return this.claude.end();
  }

  usage(): Usage | undefined {
    return this.claude.usage();
  }

  drainText(): string {
    return this.claude.drainText();
  }

  private message(message: EventStreamMessage): OutboundEvent[] {
    const kind = message.headers[':message-type'];
    if (kind === 'event') {
      if (message.headers[':event-type'] !== 'chunk') return [];
      const bytes = payloadJson(message.payload)?.bytes;
      return typeof bytes === 'string' ? this.claude.pushData(undefined, Buffer.from(bytes, 'base64').toString('utf8')) : [];
    }
    if (kind === 'exception') {
      const name = String(message.headers[':exception-type'] ?? 'exception');
      const detail = payloadJson(message.payload)?.message;
      return this.error(name, typeof detail === 'string' && detail ? detail : name);
    }
    if (kind === 'error') {
      const code = String(message.headers[':error-code'] ?? 'error');
      return this.error(code, String(message.headers[':error-message'] ?? code));
    }
    return [];
  }

  private error(name: string, detail: string): OutboundEvent[] {
    const event: ClaudeStreamEvent = { type: 'error', error: { type: CLAUDE_ERROR_TYPES[name] ?? 'api_error', message: `Bedrock ${name}: ${detail}` } };
    return this.claude.pushEvent(event);
  }
}

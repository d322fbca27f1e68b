/** Reads a streamGenerateContent (alt=sse) stream: native responses passed through, or converted to hub chunks. */
import { GeminiToOpenAIStream } from '../../formats/gemini/stream-to-openai.js';
import type { GeminiErrorBody, GeminiResponse, GeminiUsageMetadata } from '../../formats/gemini/types.js';
import { fromGeminiUsageMetadata, isGroundedAnswer, type Usage } from '../../formats/usage.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';
import type { OutboundEvent, StreamTranslator } from '../provider-adapter.js';
import type { GeminiOutput } from './gemini-response.js';
import { isJsonObject } from '../../formats/json-object.js';

/**
 * Each event is a whole GenerateContentResponse. `native` sends its JSON text on unchanged; `hub`
 * converts it to OpenAI chunks. usageMetadata is cumulative, so the latest one is the usage; text,
 * thoughts and function calls are collected for local counting.
 */
export class GeminiStreamTranslator implements StreamTranslator {
  private readonly hub: GeminiToOpenAIStream | undefined;
  private latest: Usage | undefined;
  private groundedAnswer = false;
  private text = '';

  constructor(output: GeminiOutput, includeUsage: boolean) {
    this.hub = output === 'hub' ? new GeminiToOpenAIStream({ includeUsage }) : undefined;
  }

  push(event: ParsedSseEvent): OutboundEvent[] {
    const text = event.data.trim();
    if (!text || text === '[DONE]') return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return [];
    }
    if (!isJsonObject(value)) return [];
    this.observe(value);
    if (this.hub) return this.hub.pushResponse(value as GeminiResponse | GeminiErrorBody).map((item) => ({ data: item }));
    return [{ data: text }];
  }

  end(): OutboundEvent[] {
    return [];
  }

  usage(): Usage | undefined {
    if (this.latest && this.groundedAnswer) this.latest.googleSearchCalls = 1;
    return this.latest;
  }

  drainText(): string {
    const text = this.text;
    this.text = '';
    return text;
  }

  private observe(resp: Record<string, any>) {
    if (isJsonObject(resp.usageMetadata)) this.latest = fromGeminiUsageMetadata(resp.usageMetadata as GeminiUsageMetadata);
    if (!this.groundedAnswer && isGroundedAnswer(resp)) this.groundedAnswer = true;
    const candidates: unknown[] = Array.isArray(resp.candidates) ? resp.candidates : [];
    for (const candidate of candidates) {
      const parts: unknown[] = isJsonObject(candidate) && Array.isArray(candidate.content?.parts) ? candidate.content.parts : [];
      for (const part of parts) {
        if (!isJsonObject(part)) continue;
        if (typeof part.text === 'string') this.text += part.text;
        if (isJsonObject(part.functionCall)) this.text += `${part.functionCall.name ?? ''}${JSON.stringify(part.functionCall.args ?? {})}`;
      }
    }
  }
}

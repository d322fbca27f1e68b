import { readFileSync } from 'node:fs';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { SseEvent } from './sse-event.js';

/** Reads a JSON fixture given relative to the calling test (`new URL('./fixtures/x.json', import.meta.url)`). */
export function readFixture<T>(url: URL): T {
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/** A recorded stream: `[{ event?, data }]` where data is JSON (or the literal "[DONE]"). */
export function readSseFixture(url: URL): SseEvent[] {
  return readFixture<Array<{ event?: string; data: unknown }>>(url).map(({ event, data }) => {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    return event ? { event, data: text } : { data: text };
  });
}

/** Parsed payloads of a fixture stream (without `[DONE]`). */
export function readStreamPayloads<T>(url: URL): T[] {
  return readFixture<Array<{ data: unknown }>>(url)
    .map((e) => e.data)
    .filter((d): d is T => typeof d === 'object');
}

/** Frames events the way they go over the wire. */
export function sseBody(events: SseEvent[]): string {
  return events.map((e) => `${e.event ? `event: ${e.event}\n` : ''}data: ${e.data}\n\n`).join('');
}

const replying = (body: string, status: number, contentType: string) => async () =>
  new Response(body, { status, headers: { 'content-type': contentType } });

/** The official OpenAI client, answered by `body` instead of the network. */
export function openAIClientReplying(body: string, status = 200, contentType = 'text/event-stream'): OpenAI {
  return new OpenAI({ apiKey: 'sk-test', baseURL: 'http://gateway.test/v1', fetch: replying(body, status, contentType), maxRetries: 0 });
}

/** The official Anthropic client, answered by `body` instead of the network. */
export function anthropicClientReplying(body: string, status = 200, contentType = 'text/event-stream'): Anthropic {
  return new Anthropic({ apiKey: 'sk-test', baseURL: 'http://gateway.test', fetch: replying(body, status, contentType), maxRetries: 0 });
}

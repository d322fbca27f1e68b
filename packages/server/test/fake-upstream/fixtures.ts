/**
 * Recorded provider answers in fixtures/<provider>/: `<name>.json` holds `{status, headers?, body}`
 * (or `{status, contentType, text}` for non-JSON bodies), `<name>.sse` holds the raw event stream
 * with events separated by blank lines, exactly as on the wire.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SseParser, type ParsedSseEvent } from '../../src/relay/streaming/sse-parser.js';
import type { Reply } from './replies.js';

const FIXTURES_DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));

export interface JsonFixture {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  contentType?: string;
  text?: string;
}

const path = (provider: string, file: string) => `${FIXTURES_DIR}${provider}/${file}`;

export function jsonFixture(provider: string, name: string): JsonFixture {
  return JSON.parse(readFileSync(path(provider, `${name}.json`), 'utf8')) as JsonFixture;
}

/** The raw body of a JSON fixture as the upstream sends it (JSON text, or the text of a non-JSON body). */
export function fixtureBodyText(provider: string, name: string): string {
  const fixture = jsonFixture(provider, name);
  return fixture.text ?? JSON.stringify(fixture.body);
}

export function sseFixtureText(provider: string, name: string): string {
  return readFileSync(path(provider, `${name}.sse`), 'utf8');
}

/** The events of an SSE fixture as the relay's parser reads them. */
export function sseFixtureEvents(provider: string, name: string): ParsedSseEvent[] {
  const parser = new SseParser();
  return [...parser.push(sseFixtureText(provider, name)), ...parser.end()];
}

/** Raw event strings of an SSE fixture, for replaying over HTTP. */
export function sseFixtureRawEvents(provider: string, name: string): string[] {
  return sseFixtureText(provider, name)
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((event) => event.trim())
    .filter(Boolean);
}

/** A fixture as a fake upstream reply (`.sse` if it exists, else `.json`). */
export function fixtureReply(provider: string, name: string): Reply {
  if (existsSync(path(provider, `${name}.sse`))) return { kind: 'sse', events: sseFixtureRawEvents(provider, name) };
  const fixture = jsonFixture(provider, name);
  if (fixture.text !== undefined) {
    return { kind: 'raw', status: fixture.status, contentType: fixture.contentType ?? 'text/plain; charset=utf-8', body: fixture.text, headers: fixture.headers };
  }
  return { kind: 'json', status: fixture.status, body: fixture.body, headers: fixture.headers };
}

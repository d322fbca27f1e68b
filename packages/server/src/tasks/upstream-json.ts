import type { UpstreamHttpClient } from '../platform/http-client.js';

/** Longest an upstream task call may take (submit or fetch); the poller must not hang on one channel. */
export const TASK_UPSTREAM_TIMEOUT_MS = 60_000;
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** What an upstream answered: its HTTP status and the parsed JSON body (undefined when it was not JSON). */
export interface UpstreamAnswer {
  status: number;
  json: unknown;
  text: string;
}

/** Why an upstream could not be asked: the connection failed or timed out, or its answer was unreadable. */
export class UpstreamUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamUnreachableError';
  }
}

/** Sends one JSON request (through the shared undici pool, never fetch) and reads a bounded JSON answer. */
export async function callUpstreamJson(
  http: UpstreamHttpClient,
  call: { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; body?: unknown; proxy?: string },
  timeoutMs = TASK_UPSTREAM_TIMEOUT_MS,
): Promise<UpstreamAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  const headers = { accept: 'application/json', ...call.headers, ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}) };
  let response;
  try {
    response = await http.request({ method: call.method, url: call.url, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body), proxy: call.proxy }, signal);
  } catch (err) {
    throw new UpstreamUnreachableError(describe(err, signal));
  }
  const parts: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_ANSWER_BYTES) {
        response.body.destroy();
        throw new UpstreamUnreachableError(`the upstream answer exceeded ${MAX_ANSWER_BYTES} bytes`);
      }
      parts.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof UpstreamUnreachableError) throw err;
    throw new UpstreamUnreachableError(describe(err, signal));
  }
  const text = Buffer.concat(parts, size).toString('utf8');
  let json: unknown;
  try {
    json = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, json, text };
}

function describe(err: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'the upstream did not answer in time';
  const code = (err as { code?: string })?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
  return code ?? 'network error';
}

/** A JSON object's own record, or an empty one. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export const asString = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
export const asNumber = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : 0);

import type { ApiResponse } from '@gw/contracts';
import { i18n } from '../i18n/i18n';
import { getStoredUser } from './session';
import { SseDataReader } from './sse-data';

/**
 * The one way the console talks to the server (same origin, `/api/...`). It sends the identity headers
 * every call needs (spec 1 §7), unwraps the `{success, message, data}` envelope and turns every failure
 * into an `ApiError` whose message is ready to show (spec 1 §8).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly data?: unknown,
    /** True when the failure was already dealt with (a 401 redirect): callers should not show it. */
    readonly handled = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

/** The answer of a call when the caller also needs the server's message. */
export interface ApiResult<T> {
  data: T;
  message: string;
  /** The whole answer, for the few new-api endpoints that put fields beside `data` (GET /api/pricing). */
  envelope: Record<string, unknown>;
}

let onUnauthorized: () => void = () => {};

/** Registers what happens on HTTP 401 (the app clears the user and redirects to the login page). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function readSessionJson(key: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Headers sent with every call: user id (a session value overrides it), no-store, optional bearer token. */
function identityHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...readSessionJson('addHeaders') };
  const userId = sessionStorage.getItem('oUser') ?? getStoredUser()?.id;
  if (userId !== undefined && userId !== null) headers['New-Api-User'] = String(userId);
  const token = sessionStorage.getItem('oToken');
  if (token) headers.Authorization = `Bearer ${token}`;
  if (hasBody) headers['Content-Type'] = 'application/json';
  return headers;
}

function httpErrorMessage(status: number, serverMessage: string | undefined): string {
  if (status === 429) return i18n.t('common:errors.tooManyRequests');
  if (status === 500) return i18n.t('common:errors.internal');
  if (status === 405) return i18n.t('common:errors.demoOnly');
  return i18n.t('common:errors.prefixed', { message: serverMessage || i18n.t('common:errors.httpStatus', { status }) });
}

async function readEnvelope(res: Response): Promise<Partial<ApiResponse> | null> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Partial<ApiResponse>) : null;
  } catch {
    return null;
  }
}

export async function requestEnvelope<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  const hasBody = opts.body !== undefined;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      credentials: 'same-origin',
      headers: identityHeaders(hasBody),
      body: hasBody ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(i18n.t('common:errors.network'), 0);
  }
  const envelope = await readEnvelope(res);
  if (res.status === 401) {
    onUnauthorized();
    throw new ApiError(envelope?.message || i18n.t('common:errors.unauthorized'), 401, envelope?.code, undefined, true);
  }
  if (!res.ok) throw new ApiError(httpErrorMessage(res.status, envelope?.message), res.status, envelope?.code, envelope?.data);
  if (!envelope) throw new ApiError(i18n.t('common:errors.badResponse'), res.status);
  if (!envelope.success) {
    throw new ApiError(envelope.message || i18n.t('common:errors.unknown'), res.status, envelope.code, envelope.data);
  }
  return { data: envelope.data as T, message: envelope.message ?? '', envelope: envelope as Record<string, unknown> };
}

async function request<T>(method: string, path: string, opts?: RequestOptions): Promise<T> {
  return (await requestEnvelope<T>(method, path, opts)).data;
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/**
 * POSTs and reads the server-sent event stream it answers (a progress feed), handing each `data:`
 * payload to `onData` until the stream ends. A JSON answer is a refusal made before the stream started
 * and throws like any other call's.
 */
export async function postEventStream(path: string, body: unknown, onData: (data: string) => void, signal?: AbortSignal): Promise<void> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...identityHeaders(true), Accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(i18n.t('common:errors.network'), 0);
  }
  await refuseEnvelopeAnswer(res);
  if (!res.body) throw new ApiError(i18n.t('common:errors.badResponse'), res.status);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const frames = new SseDataReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    frames.push(value).forEach(onData);
  }
  frames.end().forEach(onData);
}

/**
 * POSTs to an endpoint that answers in OpenAI's shapes rather than the envelope (the playground's
 * /pg/chat/completions) and hands back the response for the caller to read, with the identity headers
 * every call sends. A 401 signs the console out as any call's does; the caller still reads its error.
 */
export async function postForResponse(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: identityHeaders(true), body: JSON.stringify(body), signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(i18n.t('common:errors.network'), 0);
  }
  if (res.status === 401) onUnauthorized();
  return res;
}

/**
 * For calls whose answer is a stream or a file: a failure status, or a JSON envelope where the stream or file
 * should be, is the server refusing, thrown as an ApiError (a 401 also signs the console out).
 */
async function refuseEnvelopeAnswer(res: Response): Promise<void> {
  if (res.ok && !(res.headers.get('content-type') ?? '').includes('application/json')) return;
  const envelope = await readEnvelope(res);
  if (res.status === 401) {
    onUnauthorized();
    throw new ApiError(envelope?.message || i18n.t('common:errors.unauthorized'), 401, envelope?.code, undefined, true);
  }
  throw new ApiError(res.ok ? envelope?.message || i18n.t('common:errors.unknown') : httpErrorMessage(res.status, envelope?.message), res.status, envelope?.code);
}

function fileNameOf(res: Response, fallback: string): string {
  const disposition = res.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Saves a file answer (a CSV export) under its server-given name. A plain link cannot send the
 * `New-Api-User` header the server requires, so the file is fetched with it and handed to the browser
 * as a Blob (Chromium keeps large blobs on disk, not in memory). A JSON answer is a refusal and throws.
 */
export async function downloadFile(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { credentials: 'same-origin', headers: identityHeaders(false) });
  } catch {
    throw new ApiError(i18n.t('common:errors.network'), 0);
  }
  await refuseEnvelopeAnswer(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(res, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

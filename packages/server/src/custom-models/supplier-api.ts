import type { SupplierSdk } from '@gw/contracts';
import type { UpstreamHttpClient } from '../platform/http-client.js';
import { ValidationError } from '../http/errors.js';

/** How long a call to a supplier may take before the user gets a clear timeout message. */
export const SUPPLIER_CALL_TIMEOUT_MS = 15_000;
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const ANTHROPIC_VERSION = '2023-06-01';

export interface SupplierTarget {
  sdk: SupplierSdk;
  /** The API root without /v1 and without a trailing slash. */
  baseUrl: string;
  key: string;
}

/** Auth headers of a supplier protocol. */
export function supplierHeaders(t: Pick<SupplierTarget, 'sdk' | 'key'>): Record<string, string> {
  return t.sdk === 'claude'
    ? { 'x-api-key': t.key, 'anthropic-version': ANTHROPIC_VERSION, accept: 'application/json' }
    : { authorization: `Bearer ${t.key}`, accept: 'application/json' };
}

/**
 * The supplier's model ids from its real models endpoint (GET {base}/v1/models; both protocols answer
 * { data: [{ id }] }). Every failure — timeout, connection, HTTP error, unreadable body — is a
 * ValidationError naming the cause; the key never appears in it.
 */
export async function fetchSupplierModels(http: UpstreamHttpClient, t: SupplierTarget, timeoutMs = SUPPLIER_CALL_TIMEOUT_MS): Promise<string[]> {
  const url = `${t.baseUrl}/v1/models${t.sdk === 'claude' ? '?limit=1000' : ''}`;
  const text = await getText(http, url, supplierHeaders(t), timeoutMs, t.key);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ValidationError('failed to load models: the supplier did not answer with JSON');
  }
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data)) throw new ValidationError('failed to load models: the supplier answered without a model list');
  const ids = data.map((m) => (m && typeof m === 'object' ? (m as { id?: unknown }).id : undefined)).filter((id): id is string => typeof id === 'string' && id.length > 0);
  return [...new Set(ids)].sort();
}

/** GETs a URL with a deadline; answers the body text of a 2xx answer, else a clear ValidationError (with `secret` blanked out). */
export async function getText(http: UpstreamHttpClient, url: string, headers: Record<string, string>, timeoutMs: number, secret: string): Promise<string> {
  let res;
  try {
    res = await http.request({ method: 'GET', url, headers }, AbortSignal.timeout(timeoutMs));
  } catch (err) {
    throw new ValidationError(`failed to reach the supplier: ${describe(err)}`);
  }
  let text: string;
  try {
    text = await readText(res.body);
  } catch (err) {
    throw new ValidationError(`failed to read the supplier's answer: ${describe(err)}`);
  }
  if (res.statusCode >= 400) throw new ValidationError(`the supplier refused the request (HTTP ${res.statusCode})${(secret ? errorDetail(text).replaceAll(secret, '***') : errorDetail(text))}`);
  return text;
}

async function readText(body: AsyncIterable<Uint8Array> & { destroy(): void }): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      body.destroy();
      throw new Error('the answer is too large');
    }
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts).toString('utf8');
}

/** The upstream's own error message, when it sent one, shortened. */
function errorDetail(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    return typeof message === 'string' && message ? `: ${message.slice(0, 300)}` : '';
  } catch {
    return '';
  }
}

function describe(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.code === 'UND_ERR_HEADERS_TIMEOUT' || e?.code === 'UND_ERR_BODY_TIMEOUT') return 'timed out';
  if (e?.code === 'UND_ERR_CONNECT_TIMEOUT') return 'timed out connecting';
  if (e?.code === 'ECONNREFUSED') return 'connection refused';
  if (e?.code === 'ENOTFOUND' || e?.code === 'EAI_AGAIN') return 'unknown host';
  if (e?.code === 'ECONNRESET' || e?.code === 'UND_ERR_SOCKET') return 'connection reset';
  return e?.message ?? 'network error';
}

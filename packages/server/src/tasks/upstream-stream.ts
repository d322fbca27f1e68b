import type { Readable } from 'node:stream';
import type { UpstreamHttpClient } from '../platform/http-client.js';
import { RelayError } from '../relay/relay-error.js';
import { TASK_UPSTREAM_TIMEOUT_MS } from './upstream-json.js';

/** A GET whose body is passed on as it arrives (task result images and videos). */
export async function callUpstreamStream(http: UpstreamHttpClient, url: string): Promise<{ status: number; contentType: string; body: Readable }> {
  try {
    const res = await http.request({ method: 'GET', url, headers: { accept: '*/*' } }, AbortSignal.timeout(TASK_UPSTREAM_TIMEOUT_MS));
    return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
  } catch {
    throw new RelayError(502, 'do_request_failed', 'the file could not be fetched from the upstream', 'upstream');
  }
}

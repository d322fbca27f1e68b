import type { Readable } from 'node:stream';
import type { UpstreamHttpClient } from '../platform/http-client.js';
import { discardBody } from '../platform/discard-body.js';
import { RelayError } from '../relay/relay-error.js';
import { TASK_UPSTREAM_TIMEOUT_MS } from './upstream-json.js';

/** An upstream file answer whose body has not been read yet. */
export interface UpstreamFile {
  status: number;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/**
 * A GET whose body is passed on as it arrives (task result images and videos), through `proxy` (the
 * task channel's) when given. The time limit covers only the wait for the answer's headers: a large
 * video read by a slow client may take longer, and the HTTP client's idle timeout still ends a body
 * that stops flowing.
 */
export async function callUpstreamStream(http: UpstreamHttpClient, url: string, headers: Record<string, string> = {}, proxy?: string): Promise<UpstreamFile> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TASK_UPSTREAM_TIMEOUT_MS);
  try {
    const res = await http.request({ method: 'GET', url, headers: { accept: '*/*', ...headers }, proxy }, abort.signal);
    return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), headers: res.headers, body: res.body };
  } catch {
    throw new RelayError(502, 'do_request_failed', 'the file could not be fetched from the upstream', 'upstream');
  } finally {
    clearTimeout(timer);
  }
}

/** Drops an answer that will not be passed on. */
export function discardUpstreamFile(file: UpstreamFile): void {
  discardBody(file.body);
}

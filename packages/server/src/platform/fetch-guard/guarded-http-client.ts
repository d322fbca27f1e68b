import { Agent, request } from 'undici';
import { urlRefusal, type FetchPolicy } from './fetch-policy.js';
import { FetchRefusedError, guardedLookup } from './guarded-lookup.js';

export interface GuardedGetOptions {
  /** Whole-call limit: connecting, waiting and reading the body. */
  timeoutMs: number;
  /** A longer body is abandoned. */
  maxBytes: number;
}

/** A guarded fetch that did not produce a usable answer; `message` is fit to show an administrator. */
export class GuardedFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GuardedFetchError';
  }
}

function describeFailure(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || /Timeout/i.test(e?.code ?? '')) return `no answer within ${timeoutMs} ms`;
  if (e?.code === 'ECONNREFUSED') return 'the connection was refused';
  if (e?.code === 'ENOTFOUND' || e?.code === 'EAI_AGAIN') return 'the host name does not resolve';
  return e?.message || 'the request failed';
}

/**
 * GETs administrator-supplied URLs under the SSRF policy (`policy` is read on every call, so option
 * changes apply at once). Redirects are not followed, and every call opens a fresh connection, so each
 * connection's address is judged under the policy of its own moment.
 */
export class GuardedHttpClient {
  private readonly agent: Agent;

  constructor(private readonly policy: () => FetchPolicy, connectTimeoutMs = 5000) {
    this.agent = new Agent({ connect: { timeout: connectTimeoutMs, lookup: guardedLookup(policy) } });
  }

  /** The parsed JSON body of a 200 answer; anything else is a GuardedFetchError or a FetchRefusedError. */
  async getJson(url: string, { timeoutMs, maxBytes }: GuardedGetOptions): Promise<unknown> {
    const refusal = urlRefusal(this.policy(), url);
    if (refusal) throw new FetchRefusedError(refusal);
    let text: string;
    try {
      const res = await request(url, {
        method: 'GET',
        dispatcher: this.agent,
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        reset: true,
      });
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new GuardedFetchError(`the server answered HTTP ${res.statusCode}`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          res.body.destroy();
          throw new GuardedFetchError(`the answer is larger than ${maxBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
      text = Buffer.concat(chunks).toString('utf8');
    } catch (err) {
      if (err instanceof FetchRefusedError || err instanceof GuardedFetchError) throw err;
      const refused = (err as { cause?: unknown })?.cause;
      if (refused instanceof FetchRefusedError) throw refused;
      throw new GuardedFetchError(describeFailure(err, timeoutMs), { cause: err });
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new GuardedFetchError('the answer is not JSON');
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

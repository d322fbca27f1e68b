import { z } from 'zod';
import { ErrorCode } from '@gw/contracts';
import { AppError } from '../../http/errors.js';
import type { UpstreamCall, UpstreamHttpClient } from '../../platform/http-client.js';

/** A provider answer larger than this is not an OAuth answer. */
const MAX_BODY_BYTES = 1024 * 1024;
const TIMEOUT_MS = 15_000;

/** A refusal or failure of the provider, shown to the user as is (it never contains our secrets). */
export class ProviderError extends AppError {
  constructor(label: string, detail: string) {
    super(ErrorCode.BadRequest, `${label} sign-in failed: ${detail}`);
  }
}

export const form = (fields: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) params.set(k, v);
  return params.toString();
};

/** The provider's own explanation of a refusal, from the usual OAuth error fields. */
function errorDetail(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  for (const key of ['error_description', 'errmsg', 'message', 'error']) {
    const v = b[key];
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
  }
  return null;
}

/** A provider's answer: its HTTP status and parsed JSON body. */
export interface ProviderAnswer {
  status: number;
  body: unknown;
}

/**
 * Calls a provider through the shared undici client and parses its JSON answer, whatever the status.
 * Network failures, oversized answers and non-JSON become a {@link ProviderError}.
 */
export async function requestProvider(http: UpstreamHttpClient, label: string, call: UpstreamCall): Promise<ProviderAnswer> {
  let status: number;
  let text: string;
  try {
    const res = await http.request({ ...call, headers: { accept: 'application/json', 'user-agent': 'model-gateway', ...call.headers } }, AbortSignal.timeout(TIMEOUT_MS));
    status = res.statusCode;
    const length = Number(res.headers['content-length'] ?? 0);
    if (length > MAX_BODY_BYTES) {
      await res.body.dump();
      throw new ProviderError(label, 'the answer is too large');
    }
    text = await res.body.text();
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    throw new ProviderError(label, `could not reach ${new URL(call.url).host} (${(err as Error).name === 'TimeoutError' ? 'timed out' : (err as Error).message})`);
  }
  try {
    return { status, body: JSON.parse(text) };
  } catch {
    throw new ProviderError(label, status >= 400 ? `HTTP ${status}` : 'the answer is not JSON');
  }
}

/** Checks an answer with `schema`: an HTTP error or an unexpected shape becomes a {@link ProviderError}. */
export function expectAnswer<S extends z.ZodType>(label: string, { status, body }: ProviderAnswer, schema: S): z.output<S> {
  if (status >= 400) throw new ProviderError(label, errorDetail(body) ?? `HTTP ${status}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ProviderError(label, errorDetail(body) ?? 'unexpected answer');
  return parsed.data;
}

/** {@link requestProvider} then {@link expectAnswer}. */
export async function callProvider<S extends z.ZodType>(
  http: UpstreamHttpClient,
  label: string,
  call: UpstreamCall,
  schema: S,
): Promise<z.output<S>> {
  return expectAnswer(label, await requestProvider(http, label, call), schema);
}

/** What an authorization-code grant sends besides the code (client_secret_post: the credentials as form fields). */
export interface CodeGrant {
  code: string;
  redirectUri: string;
  clientId: string;
  clientSecret: string;
  codeVerifier?: string;
}

const AccessTokenAnswer = z.object({ access_token: z.string().min(1) });

/** Trades an authorization code for an access token at `tokenUrl` (RFC 6749 §4.1.3); answers the token. */
export async function exchangeCode(http: UpstreamHttpClient, label: string, tokenUrl: string, grant: CodeGrant): Promise<string> {
  const answer = await callProvider(http, label, {
    method: 'POST',
    url: tokenUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form({
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: grant.redirectUri,
      client_id: grant.clientId,
      client_secret: grant.clientSecret,
      code_verifier: grant.codeVerifier,
    }),
  }, AccessTokenAnswer);
  return answer.access_token;
}

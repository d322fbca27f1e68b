import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@gw/contracts';
import { AppError } from '../http/errors.js';
import type { OptionsService } from '../options/options.service.js';
import type { UpstreamHttpClient } from '../platform/http-client.js';

/** The spec's waiting message (spec 1 §8 "human check pending"): the widget has not produced a token yet. */
export const TURNSTILE_MISSING = 'please wait a few seconds, Turnstile is checking the user environment';
export const TURNSTILE_FAILED = 'Turnstile verification failed, please refresh the page and try again';

const VERIFY_TIMEOUT_MS = 10_000;

/**
 * Cloudflare Turnstile, checked on the server when TurnstileCheckEnabled: the token the widget produced is
 * sent to the siteverify endpoint with the secret key and the caller's IP. Tokens are single-use, so the
 * check runs on every guarded request (new-api remembered a pass in its cookie session; we keep none).
 */
export class TurnstileVerifier {
  constructor(
    private readonly options: OptionsService,
    private readonly http: UpstreamHttpClient,
    private readonly verifyUrl: string,
  ) {}

  async check(token: string, ip: string): Promise<void> {
    if (!this.options.get('TurnstileCheckEnabled')) return;
    if (!token) throw new AppError(ErrorCode.HumanCheckFailed, TURNSTILE_MISSING);
    if (!(await this.verify(token, ip))) throw new AppError(ErrorCode.HumanCheckFailed, TURNSTILE_FAILED);
  }

  private async verify(token: string, ip: string): Promise<boolean> {
    const body = new URLSearchParams({ secret: this.options.get('TurnstileSecretKey'), response: token, remoteip: ip }).toString();
    try {
      const res = await this.http.request(
        { method: 'POST', url: this.verifyUrl, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
        AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      );
      const text = await res.body.text();
      if (res.statusCode !== 200) return false;
      const answer = JSON.parse(text) as { success?: unknown };
      return answer.success === true;
    } catch {
      // Cloudflare unreachable or an unreadable answer: refuse, the user can retry.
      return false;
    }
  }
}

/** A preHandler for the routes the spec guards with Turnstile; the token comes as `?turnstile=`. */
export function turnstileCheck(verifier: TurnstileVerifier) {
  return async function turnstileCheckHook(request: FastifyRequest): Promise<void> {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const token = typeof query.turnstile === 'string' ? query.turnstile.trim() : '';
    await verifier.check(token, request.ip);
  };
}

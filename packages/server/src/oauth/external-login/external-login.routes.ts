import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ExternalHeaderLoginBody, ExternalJwtLoginBody } from '@gw/contracts';
import { parseInput } from '../../http/validate.js';
import { fetchPolicyOf } from '../../options/fetch-policy.js';
import type { OptionsService } from '../../options/options.service.js';
import { GuardedHttpClient } from '../../platform/fetch-guard/guarded-http-client.js';
import type { SecondFactor } from '../../auth/second-factor.js';
import type { CustomOAuthProvidersService } from '../custom-providers.service.js';
import type { OAuthService } from '../oauth.service.js';
import { signInResponder } from '../sign-in-responder.js';
import { takeOAuthStateCookie } from '../state-cookie.js';
import { ExternalLoginService } from './external-login.service.js';
import { JwksCache } from './jwks-cache.js';

export interface ExternalLoginRouteDeps {
  oauth: OAuthService;
  customProviders: CustomOAuthProvidersService;
  /** The fetch_setting.* SSRF policy the JWKS fetches follow. */
  options: OptionsService;
  secureCookies: boolean | 'auto';
  rateLimit: (req: FastifyRequest) => Promise<void>;
  secondFactor?: SecondFactor;
}

/** A form body is small: a state and a token. */
const FORM_LIMIT_BYTES = 64 * 1024;

const slugOf = (req: FastifyRequest) => (req.params as { provider: string }).provider;

/** Every value the request carries for a header, one per occurrence (a proxy's and a client's copy stay apart). */
function headerValues(req: FastifyRequest) {
  const raw = req.raw.rawHeaders;
  return (name: string): string[] => {
    const values: string[] = [];
    for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i].toLowerCase() === name) values.push(raw[i + 1]);
    return values;
  };
}

/**
 * new-api's sign-in without a redirect, under /api/auth/external: a JWT from the provider's identity
 * provider, or the identity a trusted reverse proxy puts in headers. Rate limited like every sign-in route.
 */
export async function externalLoginRoutes(app: FastifyInstance, deps: ExternalLoginRouteDeps) {
  const http = new GuardedHttpClient(() => fetchPolicyOf(deps.options));
  app.addHook('onClose', () => http.close());
  const external = new ExternalLoginService({ oauth: deps.oauth, customProviders: deps.customProviders, jwks: new JwksCache(http) });
  const { answer } = signInResponder(deps);
  // new-api binds these bodies from JSON or a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.post('/:provider/jwt/login', { preHandler: deps.rateLimit }, async (req, reply) => {
    const body = parseInput(ExternalJwtLoginBody, req.body);
    const token = body.id_token || body.jwt || body.token;
    const outcome = await external.jwtLogin(slugOf(req), token, { state: body.state, cookieState: takeOAuthStateCookie(req, reply), userId: req.actor?.id ?? null });
    return answer(req, reply, outcome);
  });

  app.post('/:provider/header/login', { preHandler: deps.rateLimit }, async (req, reply) => {
    const body = parseInput(ExternalHeaderLoginBody, req.body);
    // The TCP peer (the proxy itself), not req.ip, which TRUST_PROXY may derive from X-Forwarded-For.
    const peer = req.raw.socket?.remoteAddress ?? '';
    const outcome = await external.headerLogin(slugOf(req), peer, headerValues(req), {
      state: body.state,
      cookieState: takeOAuthStateCookie(req, reply),
      userId: req.actor?.id ?? null,
    });
    return answer(req, reply, outcome);
  });
}

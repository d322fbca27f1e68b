import { z } from 'zod';
import { OAUTH_PROVIDERS } from './oauth.js';

// ---- Administrator-defined OAuth 2 / OIDC-like sign-in providers (new-api's /api/custom-oauth-provider) ----

export const CUSTOM_OAUTH_SLUG_MAX = 32;

/**
 * Slugs a custom provider cannot take: the built-in providers, and the other paths under /api/oauth and
 * /oauth (a provider's return page is /oauth/<slug>, its callback /api/oauth/<slug>).
 */
export const RESERVED_OAUTH_SLUGS: readonly string[] = [...OAUTH_PROVIDERS, 'state', 'authorize', 'email', 'login', 'bind', 'callback'];

/** How the client authenticates at the token endpoint (new-api's auth_style). */
export const CustomOAuthAuthStyle = {
  /** HTTP Basic first; form fields when the provider refuses that. */
  Auto: 0,
  /** client_id and client_secret as form fields (client_secret_post). */
  Params: 1,
  /** HTTP Basic (client_secret_basic). */
  Header: 2,
} as const;

/**
 * How a provider signs people in (new-api's `kind`):
 * - `oauth_code`: the authorization-code flow through its three endpoints (the browser goes there and back);
 * - `jwt_direct`: POST /api/auth/external/<slug>/jwt/login with a JWT its identity provider signed;
 * - `trusted_header`: POST /api/auth/external/<slug>/header/login through a trusted reverse proxy that puts
 *   the signed-in person in request headers.
 */
export const CustomOAuthKind = { OAuthCode: 'oauth_code', JwtDirect: 'jwt_direct', TrustedHeader: 'trusted_header' } as const;
export type CustomOAuthKindValue = (typeof CustomOAuthKind)[keyof typeof CustomOAuthKind];
const KINDS = Object.values(CustomOAuthKind) as [CustomOAuthKindValue, ...CustomOAuthKindValue[]];

/** An HMAC key (HS256/384/512) shorter than this is refused: it could be guessed offline from one token. */
export const JWT_HMAC_SECRET_MIN = 32;

/**
 * Headers a trusted-header provider may not read identities from: the client sets them itself or the
 * proxy passes them through, so trusting them would let anybody choose who they are.
 */
export const RESERVED_IDENTITY_HEADERS: readonly string[] = [
  'host', 'cookie', 'authorization', 'proxy-authorization', 'content-type', 'content-length', 'user-agent', 'origin', 'referer',
  'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'new-api-user', 'connection',
  'transfer-encoding', 'te', 'upgrade', 'accept', 'x-request-id',
];
const HEADER_NAME_FORMAT = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const TRUSTED_PROXIES_MAX = 64;

const SLUG_FORMAT = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** A dotted path into the userinfo JSON: `sub`, `id`, `data.user.id`, `emails.0.value`. */
const FIELD_PATH_FORMAT = /^[^\s.]+(?:\.[^\s.]+)*$/;

const text = (name: string, max: number) => z.string({ error: `${name} must be text` }).trim().max(max, `${name} must be at most ${max} characters`);

export const CustomOAuthSlug = z
  .string({ error: 'slug is required' })
  .trim()
  .toLowerCase()
  .min(1, 'slug is required')
  .max(CUSTOM_OAUTH_SLUG_MAX, `slug must be at most ${CUSTOM_OAUTH_SLUG_MAX} characters`)
  .regex(SLUG_FORMAT, 'slug may contain only lowercase letters, digits and hyphens, and must start and end with a letter or digit')
  .refine((s) => !RESERVED_OAUTH_SLUGS.includes(s), { message: 'slug is the name of a built-in sign-in provider or path; choose another' });

const fieldPath = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, { error: `${name} is required`, abort: true })
    .max(128, `${name} must be at most 128 characters`)
    .regex(FIELD_PATH_FORMAT, `${name} must be a dotted path such as id or data.user.id`);
const optionalFieldPath = (name: string) => z.union([z.literal(''), fieldPath(name)], { error: `${name} must be a dotted path such as id or data.user.id` });

const HttpUrl = z.url({ protocol: /^https?$/ });

/** An http(s) address, or '' where the provider's kind does not need it. */
const optionalEndpoint = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(512, `${name} must be at most 512 characters`)
    .refine((v) => v === '' || HttpUrl.safeParse(v).success, `${name} must be an http(s) address`);

/** A request header's name (RFC 9110 token), or ''. */
const headerName = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(128, `${name} must be at most 128 characters`)
    .refine((h) => h === '' || HEADER_NAME_FORMAT.test(h), `${name} must be a header name such as X-Auth-User`)
    .refine((h) => !RESERVED_IDENTITY_HEADERS.includes(h.toLowerCase()), `${name} must not be a standard header the client or proxy sets on its own`);

const IpOrCidr = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/**
 * The proxies a trusted-header provider accepts identities from: IPs and CIDR ranges, as new-api stores them
 * (a JSON array in a string), or written one per line or separated by commas. Saved as a JSON array.
 */
const TrustedProxies = z
  .string({ error: 'trusted_proxy_cidrs must be text' })
  .trim()
  .max(4096, 'trusted_proxy_cidrs must be at most 4096 characters')
  .transform((raw, ctx) => {
    let entries: unknown;
    if (raw.startsWith('[')) {
      try {
        entries = JSON.parse(raw);
      } catch {
        entries = null;
      }
      if (!Array.isArray(entries) || entries.some((e) => typeof e !== 'string')) {
        ctx.addIssue({ code: 'custom', message: 'trusted_proxy_cidrs must be a JSON list of IPs and CIDR ranges' });
        return z.NEVER;
      }
    } else {
      entries = raw.split(/[\s,;]+/);
    }
    const list = [...new Set((entries as string[]).map((e) => e.trim()).filter(Boolean))];
    const bad = list.find((e) => !IpOrCidr.safeParse(e).success);
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: `trusted_proxy_cidrs: "${bad}" is not an IP address or CIDR range` });
    const everyone = list.find((e) => /\/0+$/.test(e));
    if (everyone !== undefined) ctx.addIssue({ code: 'custom', message: `trusted_proxy_cidrs: "${everyone}" would trust every address` });
    if (list.length > TRUSTED_PROXIES_MAX) ctx.addIssue({ code: 'custom', message: `trusted_proxy_cidrs may list at most ${TRUSTED_PROXIES_MAX} entries` });
    return list.length ? JSON.stringify(list) : '';
  });

/** Every field of a definition, as stored (the secret included). */
const DefinitionFields = z.object({
  name: text('name', 64).min(1, 'name is required'),
  slug: CustomOAuthSlug,
  kind: z.enum(KINDS, { error: `kind must be one of ${KINDS.join(', ')}` }),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  client_id: text('client_id', 256),
  /** The OAuth client secret; for a jwt_direct provider without a public key, the HMAC key of its tokens. Write-only. */
  client_secret: text('client_secret', 512),
  authorization_endpoint: optionalEndpoint('authorization_endpoint'),
  token_endpoint: optionalEndpoint('token_endpoint'),
  user_info_endpoint: optionalEndpoint('user_info_endpoint'),
  scopes: text('scopes', 256),
  use_pkce: z.boolean({ error: 'use_pkce must be true or false' }),
  auth_style: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'auth_style must be 0 (auto), 1 (form fields) or 2 (HTTP Basic)' }),
  user_id_field: fieldPath('user_id_field'),
  username_field: optionalFieldPath('username_field'),
  display_name_field: optionalFieldPath('display_name_field'),
  email_field: optionalFieldPath('email_field'),
  /** jwt_direct: the `iss` every token must carry. */
  issuer: text('issuer', 512),
  /** jwt_direct: a value the token's `aud` must contain (this site's client id at the identity provider). */
  audience: text('audience', 256),
  /** jwt_direct: where the identity provider publishes its signing keys (fetched under the fetch_setting.* policy). */
  jwks_url: optionalEndpoint('jwks_url'),
  /** jwt_direct: the identity provider's PEM public key, instead of jwks_url. */
  public_key: text('public_key', 8192).refine((k) => k === '' || /^-----BEGIN [A-Z ]*PUBLIC KEY-----/.test(k), 'public_key must be a PEM public key (-----BEGIN PUBLIC KEY-----)'),
  /** jwt_direct and trusted_header: whether a first sign-in of an unknown account creates a user (when registration is on). */
  auto_register: z.boolean({ error: 'auto_register must be true or false' }),
  trusted_proxy_cidrs: TrustedProxies,
  external_id_header: headerName('external_id_header'),
  username_header: headerName('username_header'),
  display_name_header: headerName('display_name_header'),
  email_header: headerName('email_header'),
});

type Fields = z.output<typeof DefinitionFields>;
type Issue = { message: string; path: [keyof Fields] };

/** What each kind needs besides the common fields. */
function kindIssues(d: Fields): Issue[] {
  const issues: Issue[] = [];
  const need = (field: keyof Fields, ok: boolean, message = `${field} is required`) => {
    if (!ok) issues.push({ message, path: [field] });
  };
  if (d.kind === CustomOAuthKind.OAuthCode) {
    need('client_id', d.client_id !== '');
    need('authorization_endpoint', d.authorization_endpoint !== '');
    need('token_endpoint', d.token_endpoint !== '');
    need('user_info_endpoint', d.user_info_endpoint !== '');
    // A provider without a client secret is a public client and must use PKCE.
    need('client_secret', d.client_secret !== '' || d.use_pkce, 'client_secret is required unless use_pkce is on (a public client)');
  } else if (d.kind === CustomOAuthKind.JwtDirect) {
    need('issuer', d.issuer !== '', 'issuer is required for a jwt_direct provider: tokens of any other issuer are refused');
    need('audience', d.audience !== '', 'audience is required for a jwt_direct provider: tokens made for other applications are refused');
    need('jwks_url', !(d.jwks_url && d.public_key), 'set either jwks_url or public_key, not both');
    const asymmetric = d.jwks_url !== '' || d.public_key !== '';
    need('jwks_url', asymmetric || d.client_secret !== '', 'a jwt_direct provider needs jwks_url, public_key, or client_secret (an HS256 key)');
    need('client_secret', asymmetric || d.client_secret === '' || d.client_secret.length >= JWT_HMAC_SECRET_MIN, `client_secret must be at least ${JWT_HMAC_SECRET_MIN} characters to sign HS256 tokens`);
  } else {
    need('trusted_proxy_cidrs', d.trusted_proxy_cidrs !== '', 'trusted_proxy_cidrs is required for a trusted_header provider: list the reverse proxies that set the headers');
    need('external_id_header', d.external_id_header !== '', 'external_id_header is required for a trusted_header provider');
  }
  return issues;
}

/** A complete definition, checked for what its kind needs. */
export const CustomOAuthDefinition = DefinitionFields.superRefine((d, ctx) => {
  for (const issue of kindIssues(d)) ctx.addIssue({ code: 'custom', ...issue });
});
export type CustomOAuthDefinition = z.infer<typeof CustomOAuthDefinition>;

/** The defaults of an omitted field on creation (new-api's: an OpenID Connect userinfo answer). */
export const CUSTOM_OAUTH_DEFAULTS = {
  kind: CustomOAuthKind.OAuthCode,
  enabled: false,
  client_id: '',
  client_secret: '',
  authorization_endpoint: '',
  token_endpoint: '',
  user_info_endpoint: '',
  scopes: 'openid profile email',
  use_pkce: false,
  auth_style: CustomOAuthAuthStyle.Auto,
  user_id_field: 'sub',
  username_field: 'preferred_username',
  display_name_field: 'name',
  email_field: 'email',
  issuer: '',
  audience: '',
  jwks_url: '',
  public_key: '',
  auto_register: false,
  trusted_proxy_cidrs: '',
  external_id_header: '',
  username_header: '',
  display_name_header: '',
  email_header: '',
} as const;

/**
 * POST /api/custom-oauth-provider/. PUT /api/custom-oauth-provider/:id takes any subset of the fields; an
 * omitted or empty client_secret keeps the saved one. Either way the result is checked as a whole.
 */
export const CustomOAuthProviderBody = DefinitionFields.partial();
export type CustomOAuthProviderBody = z.input<typeof CustomOAuthProviderBody>;

/** A provider as GET answers it: everything but the secret, which is write-only. */
export interface CustomOAuthProviderView extends Omit<CustomOAuthDefinition, 'client_secret'> {
  id: number;
  /** Whether a client secret is saved (its value is never answered). */
  client_secret_set: boolean;
  /** Unix seconds. */
  created_at: number;
  updated_at: number;
}

/**
 * An enabled provider as GET /api/status lists it (what a browser needs to start the sign-in). jwt_direct
 * providers are not listed: their tokens come from another application, not from a button here.
 */
export interface CustomOAuthProviderPublic {
  name: string;
  slug: string;
  /** oauth_code: the button goes to the authorization address; trusted_header: it posts to header/login. */
  kind: CustomOAuthKindValue;
  client_id: string;
  authorization_endpoint: string;
  scopes: string;
}

// ---- OIDC discovery for the provider form (POST /api/custom-oauth-provider/discovery, root only) ----

/** Either the discovery document's address or the issuer it is derived from (issuer + /.well-known/openid-configuration). */
export const CustomOAuthDiscoveryBody = z
  .object({
    well_known_url: z.string({ error: 'well_known_url must be text' }).trim().max(512, 'well_known_url must be at most 512 characters').optional().default(''),
    issuer_url: z.string({ error: 'issuer_url must be text' }).trim().max(512, 'issuer_url must be at most 512 characters').optional().default(''),
  })
  .refine((b) => b.well_known_url !== '' || b.issuer_url !== '', { message: 'enter the discovery URL or the issuer URL first', path: ['well_known_url'] });
export type CustomOAuthDiscoveryBody = z.input<typeof CustomOAuthDiscoveryBody>;

/** The parts of an OpenID Provider's configuration the form fills itself from ('' when the document has none). */
export interface OidcDiscoveryDocument {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  scopes_supported: string[];
}

/** The answer: the address that was read, and its endpoints (new-api's `discovery`, reduced to these fields). */
export interface CustomOAuthDiscoveryResult {
  well_known_url: string;
  discovery: OidcDiscoveryDocument;
}

// ---- Sign-in without a redirect: POST /api/auth/external/:provider/{jwt|header}/login ----

/** The longest JWT accepted (an ID token with many claims is a few kilobytes). */
export const EXTERNAL_JWT_MAX = 16_384;

const state = z.string({ error: 'state is required' }).trim().min(1, 'state is required').max(128, 'state is too long');
const jwtField = (name: string) => z.string({ error: `${name} must be text` }).trim().max(EXTERNAL_JWT_MAX, `${name} is too long`).optional().default('');

/**
 * POST /api/auth/external/:provider/jwt/login (JSON or form). `state` comes from GET /api/oauth/state in the
 * same browser; the token is the first non-empty of id_token, jwt and token (new-api's field names), with
 * or without a "Bearer " prefix.
 */
export const ExternalJwtLoginBody = z.object({ state, id_token: jwtField('id_token'), jwt: jwtField('jwt'), token: jwtField('token') });
export type ExternalJwtLoginBody = z.input<typeof ExternalJwtLoginBody>;

/** POST /api/auth/external/:provider/header/login: the identity itself comes from the trusted proxy's headers. */
export const ExternalHeaderLoginBody = z.object({ state });
export type ExternalHeaderLoginBody = z.input<typeof ExternalHeaderLoginBody>;

/** GET /api/user/oauth/bindings: the signed-in user's accounts at custom providers (new-api's shape). */
export interface CustomOAuthBinding {
  provider_id: number;
  provider_name: string;
  provider_slug: string;
  provider_user_id: string;
}

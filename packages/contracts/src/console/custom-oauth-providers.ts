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

const endpoint = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(512, `${name} must be at most 512 characters`)
    .pipe(z.url({ protocol: /^https?$/, error: `${name} must be an http(s) address` }));

const fieldPath = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .min(1, { error: `${name} is required`, abort: true })
    .max(128, `${name} must be at most 128 characters`)
    .regex(FIELD_PATH_FORMAT, `${name} must be a dotted path such as id or data.user.id`);
const optionalFieldPath = (name: string) => z.union([z.literal(''), fieldPath(name)], { error: `${name} must be a dotted path such as id or data.user.id` });

/** Every field of a definition, as stored (the secret included). */
const DefinitionFields = z.object({
  name: text('name', 64).min(1, 'name is required'),
  slug: CustomOAuthSlug,
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  client_id: text('client_id', 256).min(1, 'client_id is required'),
  client_secret: text('client_secret', 512),
  authorization_endpoint: endpoint('authorization_endpoint'),
  token_endpoint: endpoint('token_endpoint'),
  user_info_endpoint: endpoint('user_info_endpoint'),
  scopes: text('scopes', 256),
  use_pkce: z.boolean({ error: 'use_pkce must be true or false' }),
  auth_style: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'auth_style must be 0 (auto), 1 (form fields) or 2 (HTTP Basic)' }),
  user_id_field: fieldPath('user_id_field'),
  username_field: optionalFieldPath('username_field'),
  display_name_field: optionalFieldPath('display_name_field'),
  email_field: optionalFieldPath('email_field'),
});

/** A complete definition; a provider without a client secret is a public client and must use PKCE. */
export const CustomOAuthDefinition = DefinitionFields.refine((d) => d.client_secret !== '' || d.use_pkce, {
  message: 'client_secret is required unless use_pkce is on (a public client)',
  path: ['client_secret'],
});
export type CustomOAuthDefinition = z.infer<typeof CustomOAuthDefinition>;

/** The defaults of an omitted field on creation (new-api's: an OpenID Connect userinfo answer). */
export const CUSTOM_OAUTH_DEFAULTS = {
  enabled: false,
  client_secret: '',
  scopes: 'openid profile email',
  use_pkce: false,
  auth_style: CustomOAuthAuthStyle.Auto,
  user_id_field: 'sub',
  username_field: 'preferred_username',
  display_name_field: 'name',
  email_field: 'email',
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

/** An enabled provider as GET /api/status lists it (what a browser needs to start the sign-in). */
export interface CustomOAuthProviderPublic {
  name: string;
  slug: string;
  client_id: string;
  authorization_endpoint: string;
  scopes: string;
}

/** GET /api/user/oauth/bindings: the signed-in user's accounts at custom providers (new-api's shape). */
export interface CustomOAuthBinding {
  provider_id: number;
  provider_name: string;
  provider_slug: string;
  provider_user_id: string;
}

import type { z } from 'zod';
import { CUSTOM_OAUTH_DEFAULTS, CustomOAuthDefinition, type CustomOAuthProviderBody, type CustomOAuthProviderView } from '@gw/contracts';

/** The custom-provider editor's fields (the secret is empty unless a new one is typed). */
export type CustomProviderFormValues = Omit<CustomOAuthDefinition, 'auth_style'> & { auth_style: number };

/** Stands in for the saved secret while checking an edit that leaves the secret field empty. */
const SAVED_SECRET = 'saved-secret';

/** The editor's starting values: the provider's (never its secret), or the defaults for a new one. */
export function providerToForm(provider?: CustomOAuthProviderView | null): CustomProviderFormValues {
  if (!provider) {
    return {
      ...CUSTOM_OAUTH_DEFAULTS,
      name: '',
      slug: '',
      client_id: '',
      authorization_endpoint: '',
      token_endpoint: '',
      user_info_endpoint: '',
    };
  }
  const { id: _id, client_secret_set: _set, created_at: _c, updated_at: _u, ...fields } = provider;
  return { ...fields, client_secret: '' };
}

export type FormCheck = { ok: true; body: CustomOAuthProviderBody } | { ok: false; error: z.ZodError };

/**
 * Checks the editor's values with the contract (as the server will) and builds the request body. An empty
 * secret field keeps the saved secret, so it is left out of the body and counts as set when one is saved.
 */
export function formToBody(values: CustomProviderFormValues, saved?: CustomOAuthProviderView | null): FormCheck {
  const secret = values.client_secret.trim();
  const parsed = CustomOAuthDefinition.safeParse({ ...values, client_secret: secret || (saved?.client_secret_set ? SAVED_SECRET : '') });
  if (!parsed.success) return { ok: false, error: parsed.error };
  const { client_secret: _secret, ...rest } = parsed.data;
  return { ok: true, body: secret ? { ...rest, client_secret: secret } : rest };
}

/** Where the provider must send people back: the address to register with it. */
export function callbackUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/oauth/${slug || '<slug>'}`;
}

import type { CustomOAuthDiscoveryBody, CustomOAuthDiscoveryResult, CustomOAuthProviderBody, CustomOAuthProviderView } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** The administrator's custom OAuth providers (/api/custom-oauth-provider, root only). */
export function listCustomProviders(signal?: AbortSignal): Promise<CustomOAuthProviderView[]> {
  return api.get('/api/custom-oauth-provider/', undefined, signal);
}

export function createCustomProvider(body: CustomOAuthProviderBody): Promise<CustomOAuthProviderView> {
  return api.post('/api/custom-oauth-provider/', body);
}

/** Sends only what changes; an omitted client_secret keeps the saved one. */
export function updateCustomProvider(id: number, body: CustomOAuthProviderBody): Promise<CustomOAuthProviderView> {
  return api.put(`/api/custom-oauth-provider/${id}`, body);
}

export function deleteCustomProvider(id: number): Promise<void> {
  return api.delete(`/api/custom-oauth-provider/${id}`);
}

/** POST /api/custom-oauth-provider/discovery: the server reads the provider's OpenID configuration (under its SSRF policy). */
export function discoverCustomProvider(body: CustomOAuthDiscoveryBody): Promise<CustomOAuthDiscoveryResult> {
  return api.post('/api/custom-oauth-provider/discovery', body);
}

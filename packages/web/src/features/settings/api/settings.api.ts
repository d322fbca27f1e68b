import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { modelHubKeys } from '../../model-hub/api/model-hub.queries';
import { optionKeys } from './options.queries';

/** POST /api/option/rest_model_ratio: ModelPrice, ModelRatio, CompletionRatio, CacheRatio, the audio and image ratios, the tool call and long-context prices back to the defaults. */
export function useResetModelRatios() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/option/rest_model_ratio'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: optionKeys.all });
      await queryClient.invalidateQueries({ queryKey: modelHubKeys.all });
    },
  });
}

/**
 * The OpenID provider's discovery document, fetched by the browser itself (the provider is usually
 * another origin, so no console headers or cookies are sent).
 */
export async function fetchOidcDiscovery(url: string): Promise<unknown> {
  const res = await fetch(url.trim(), { credentials: 'omit' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

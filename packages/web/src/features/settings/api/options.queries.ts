import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OptionEntry } from '@gw/contracts';
import { api } from '../../../lib/api-client';
import { statusKeys } from '../../status/api/status.queries';
import type { OptionChange } from '../option-fields';

export const optionKeys = {
  all: ['options'] as const,
  list: () => [...optionKeys.all, 'list'] as const,
};

/** GET /api/option/ as a key → stored-string map (secrets are never listed). */
export async function fetchOptions(signal?: AbortSignal): Promise<Record<string, string>> {
  const entries = await api.get<OptionEntry[]>('/api/option/', undefined, signal);
  return Object.fromEntries(entries.map((e) => [e.key, e.value]));
}

export const optionQueries = {
  list: () => queryOptions({ queryKey: optionKeys.list(), queryFn: ({ signal }) => fetchOptions(signal), staleTime: 0 }),
};

export interface OptionSaveResult {
  saved: string[];
  /** The server's message for each refused option. */
  failures: string[];
}

/**
 * Saves the changes one PUT /api/option/ each, in the given order (as new-api's settings screens do),
 * carrying on past a refusal so the caller can tell a partial save from a failed one.
 */
export async function saveOptionChanges(changes: readonly OptionChange[]): Promise<OptionSaveResult> {
  const result: OptionSaveResult = { saved: [], failures: [] };
  for (const change of changes) {
    try {
      await api.put('/api/option/', change);
      result.saved.push(change.key);
    } catch (err) {
      result.failures.push(err instanceof Error ? err.message : String(err));
    }
  }
  return result;
}

/** Saves option changes and reloads the options and the site status when anything was written. */
export function useSaveOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOptionChanges,
    onSuccess: async (result) => {
      if (result.saved.length === 0) return;
      await queryClient.invalidateQueries({ queryKey: optionKeys.all });
      await queryClient.invalidateQueries({ queryKey: statusKeys.all });
    },
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OptionEntry } from '@gw/contracts';
import { api } from '../../../lib/api-client';
import { statusKeys } from '../../status/api/status.queries';

export const optionKeys = {
  all: ['options'] as const,
  list: () => [...optionKeys.all, 'list'] as const,
};

/** GET /api/option/ as a key → stored-string map. */
export async function fetchOptions(signal?: AbortSignal): Promise<Record<string, string>> {
  const entries = await api.get<OptionEntry[]>('/api/option/', undefined, signal);
  return Object.fromEntries(entries.map((e) => [e.key, e.value]));
}

export const optionQueries = {
  list: () => queryOptions({ queryKey: optionKeys.list(), queryFn: ({ signal }) => fetchOptions(signal), staleTime: 0 }),
};

/**
 * Saves the options whose value differs from the loaded one, one PUT /api/option/ each (as new-api's
 * settings screens do). Answers how many were saved; 0 means nothing changed.
 */
export function useSaveChangedOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, original }: { values: Record<string, string>; original: Record<string, string> }) => {
      const changed = Object.entries(values).filter(([key, value]) => (original[key] ?? '') !== value);
      for (const [key, value] of changed) await api.put('/api/option/', { key, value });
      return changed.length;
    },
    onSettled: async (count) => {
      if (count === 0) return;
      await queryClient.invalidateQueries({ queryKey: optionKeys.all });
      await queryClient.invalidateQueries({ queryKey: statusKeys.all });
    },
  });
}

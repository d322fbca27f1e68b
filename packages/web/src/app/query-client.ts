import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { notifyError } from '../lib/notify';

/** Shows a failed call's message unless it was already handled (401 redirect) or the call opted out. */
function showFailure(error: unknown, silent: unknown) {
  if (silent) return;
  if (error instanceof ApiError && error.handled) return;
  notifyError(error instanceof Error ? error.message : String(error));
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== 0 && error.status < 500) return false;
  return failureCount < 1;
}

/** Data policy in one place: no retry on answered failures, short stale time, errors shown once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => showFailure(error, query.meta?.silent) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => showFailure(error, mutation.meta?.silent) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 10_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

import { queryOptions } from '@tanstack/react-query';
import { getPricing, listModelHub } from './model-hub.api';

export const modelHubKeys = {
  all: ['model-hub'] as const,
  /** Pricing depends on who asks (usable groups), so the key carries the user id (0 signed out). */
  pricing: (userId: number) => [...modelHubKeys.all, 'pricing', userId] as const,
  entries: () => [...modelHubKeys.all, 'entries'] as const,
};

export const modelHubQueries = {
  pricing: (userId: number) =>
    queryOptions({ queryKey: modelHubKeys.pricing(userId), queryFn: ({ signal }) => getPricing(signal), staleTime: 60_000 }),
  entries: () =>
    queryOptions({ queryKey: modelHubKeys.entries(), queryFn: ({ signal }) => listModelHub(signal), staleTime: 60_000 }),
};

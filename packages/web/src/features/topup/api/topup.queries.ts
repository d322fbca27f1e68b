import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../users/api/users.queries';
import { getTopUpInfo, listMyOrders, redeemCode } from './topup.api';

export const topupKeys = {
  all: ['topup'] as const,
  info: () => [...topupKeys.all, 'info'] as const,
  orders: () => [...topupKeys.all, 'orders'] as const,
};

export const topupQueries = {
  info: () => queryOptions({ queryKey: topupKeys.info(), queryFn: ({ signal }) => getTopUpInfo(signal) }),
  orders: () => queryOptions({ queryKey: topupKeys.orders(), queryFn: ({ signal }) => listMyOrders(signal) }),
};

/** Redeems a code, then refreshes the balance (GET /api/user/self). */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => redeemCode(key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.detail('self') }),
  });
}

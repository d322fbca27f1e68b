import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../users/api/users.queries';
import { completeOrder, getTopUpInfo, listAllOrders, listMyOrders, redeemCode } from './topup.api';

export const topupKeys = {
  all: ['topup'] as const,
  info: () => [...topupKeys.all, 'info'] as const,
  orders: () => [...topupKeys.all, 'orders'] as const,
  allOrders: (params: { p: number; page_size: number; keyword: string; status: string }) => [...topupKeys.all, 'all-orders', params] as const,
};

export const topupQueries = {
  info: () => queryOptions({ queryKey: topupKeys.info(), queryFn: ({ signal }) => getTopUpInfo(signal) }),
  orders: () => queryOptions({ queryKey: topupKeys.orders(), queryFn: ({ signal }) => listMyOrders(signal) }),
  allOrders: (params: { p: number; page_size: number; keyword: string; status: string }) =>
    queryOptions({ queryKey: topupKeys.allOrders(params), queryFn: ({ signal }) => listAllOrders(params, signal), placeholderData: keepPreviousData }),
};

/** Completes a pending order by hand and re-reads the order list. */
export function useCompleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tradeNo: string) => completeOrder(tradeNo),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...topupKeys.all, 'all-orders'] }),
  });
}

/** Redeems a code, then refreshes the balance (GET /api/user/self). */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => redeemCode(key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.detail('self') }),
  });
}

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingPreference, SubscriptionPlanInput } from '@gw/contracts';
import { userKeys } from '../../users/api/users.queries';
import {
  completePlanOrder, createPlan, deleteSubscription, getSelfSubscriptions, giveUserPlan, invalidateSubscription, listAdminOrders,
  listAdminPlans, listPlans, listSelfOrders, listUserSubscriptions, payWithBalance, resetPlanBudgets, resetUserPlanBudgets, setPlanEnabled,
  updateBillingPreference, updatePlan, type SubscriptionOrderPage,
} from './subscriptions.api';

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  plans: () => [...subscriptionKeys.all, 'plans'] as const,
  adminPlans: () => [...subscriptionKeys.all, 'admin-plans'] as const,
  self: () => [...subscriptionKeys.all, 'self'] as const,
  users: () => [...subscriptionKeys.all, 'user'] as const,
  user: (userId: number) => [...subscriptionKeys.users(), userId] as const,
  adminOrders: () => [...subscriptionKeys.all, 'admin-orders'] as const,
  adminOrderPage: (params: SubscriptionOrderPage) => [...subscriptionKeys.adminOrders(), params] as const,
  selfOrders: () => [...subscriptionKeys.all, 'self-orders'] as const,
  selfOrderPage: (params: { p: number; page_size: number }) => [...subscriptionKeys.selfOrders(), params] as const,
};

export const subscriptionQueries = {
  plans: () => queryOptions({ queryKey: subscriptionKeys.plans(), queryFn: ({ signal }) => listPlans(signal) }),
  adminPlans: () => queryOptions({ queryKey: subscriptionKeys.adminPlans(), queryFn: ({ signal }) => listAdminPlans(signal) }),
  self: () => queryOptions({ queryKey: subscriptionKeys.self(), queryFn: ({ signal }) => getSelfSubscriptions(signal) }),
  user: (userId: number) => queryOptions({ queryKey: subscriptionKeys.user(userId), queryFn: ({ signal }) => listUserSubscriptions(userId, signal) }),
  adminOrders: (params: SubscriptionOrderPage) =>
    queryOptions({ queryKey: subscriptionKeys.adminOrderPage(params), queryFn: ({ signal }) => listAdminOrders(params, signal), placeholderData: keepPreviousData }),
  /** The newest orders are enough to follow the one the browser came back from. */
  selfOrders: () => queryOptions({ queryKey: subscriptionKeys.selfOrders(), queryFn: ({ signal }) => listSelfOrders({ p: 1, page_size: 20 }, signal) }),
  selfOrderPage: (params: { p: number; page_size: number }) =>
    queryOptions({ queryKey: subscriptionKeys.selfOrderPage(params), queryFn: ({ signal }) => listSelfOrders(params, signal), placeholderData: keepPreviousData }),
};

/** A plan change refreshes every plan list (the management table, the wallet's and the give-a-plan select). */
function usePlanMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.adminPlans() }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.plans() }),
      ]),
  });
}

export const useSavePlan = () => usePlanMutation(({ id, plan }: { id: number | null; plan: SubscriptionPlanInput }) => (id ? updatePlan(id, plan) : createPlan(plan)));
export const useSetPlanEnabled = () => usePlanMutation(({ id, enabled }: { id: number; enabled: boolean }) => setPlanEnabled(id, enabled));

/** An administrator's change to one user's subscriptions; refreshes that user's list. */
function useUserSubscriptionMutation<V, R>(userId: number, mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.user(userId) }) });
}

export const useResetUserPlanBudgets = (userId: number) =>
  useUserSubscriptionMutation(userId, ({ planId, advance }: { planId: number; advance: boolean }) => resetUserPlanBudgets(userId, planId, advance));

/** Resets a plan's budgets for everyone; every user's subscription list is read again. */
export function useResetPlanBudgets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, advance }: { planId: number; advance: boolean }) => resetPlanBudgets(planId, advance),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.users() }),
  });
}

export const useGiveUserPlan = (userId: number) => useUserSubscriptionMutation(userId, (planId: number) => giveUserPlan(userId, planId));
export const useInvalidateSubscription = (userId: number) => useUserSubscriptionMutation(userId, (id: number) => invalidateSubscription(id));
export const useDeleteSubscription = (userId: number) => useUserSubscriptionMutation(userId, (id: number) => deleteSubscription(id));

/** PUT the billing preference; the subscription view takes the answer. */
export function useUpdateBillingPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preference: BillingPreference) => updateBillingPreference(preference),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.self() }),
  });
}

/** Buys a plan with wallet quota, then reads the subscriptions and the balance (GET /api/user/self) again. */
export function usePayWithBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: number) => payWithBalance(planId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.self() }),
        queryClient.invalidateQueries({ queryKey: userKeys.detail('self') }),
      ]),
  });
}

/** Completes a pending plan order by hand; the order list and every user's subscription list are read again. */
export function useCompletePlanOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tradeNo: string) => completePlanOrder(tradeNo),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.adminOrders() }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.users() }),
      ]),
  });
}

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../users/api/users.queries';
import { checkIn, getCheckinStatus } from './checkin.api';

export const checkinKeys = {
  all: ['checkin'] as const,
  month: (month: string) => [...checkinKeys.all, month] as const,
};

export const checkinQueries = {
  month: (month: string) =>
    queryOptions({ queryKey: checkinKeys.month(month), queryFn: ({ signal }) => getCheckinStatus(month, signal), placeholderData: keepPreviousData }),
};

/** Checks in, then reads the check-ins and the balance (GET /api/user/self) again, even after a refusal. */
export function useCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkIn,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: checkinKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.detail('self') }),
      ]);
    },
  });
}

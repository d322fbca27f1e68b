import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../users/api/users.queries';
import { redeemCode } from './topup.api';

/** Redeems a code, then refreshes the balance (GET /api/user/self). */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => redeemCode(key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.detail('self') }),
  });
}

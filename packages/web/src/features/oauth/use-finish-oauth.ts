import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getStoredUser, setStoredUser } from '../../lib/session';
import { statusKeys } from '../status/api/status.queries';
import { userKeys } from '../users/api/users.queries';
import { customBindingKeys } from './api/oauth.queries';
import { afterCallback, afterCallbackFailure, type CallbackAnswer } from './oauth-flow';

/**
 * What a page does with a provider's answer: store the signed-in user or refresh the bindings, then move on;
 * a user with a second factor goes to the login page's two-factor step.
 */
export function useFinishOAuth() {
  const { message } = App.useApp();
  const { t } = useTranslation('oauth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const askSecondFactor = (pendingToken: string, to: string) => void navigate(to, { replace: true, state: { pendingToken } });

  const succeed = (answer: CallbackAnswer) => {
    const next = afterCallback(answer);
    if (next.kind === 'twoFactor') return askSecondFactor(next.pendingToken, next.to);
    if (next.kind === 'signedIn') {
      setStoredUser(next.user);
      void queryClient.invalidateQueries({ queryKey: statusKeys.all });
      message.success(t('callback.loginSuccess'));
    } else {
      void queryClient.invalidateQueries({ queryKey: userKeys.details() });
      void queryClient.invalidateQueries({ queryKey: customBindingKeys.all });
      message.success(t('callback.bindSuccess'));
    }
    void navigate(next.to, { replace: true });
  };

  const fail = (error: unknown) => {
    const text = error instanceof Error && error.message ? error.message : t('callback.failed');
    message.error(text);
    void navigate(afterCallbackFailure(text, getStoredUser() !== null), { replace: true });
  };

  return { succeed, fail, askSecondFactor };
}

import { useCallback, useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../status/api/status.queries';
import { TurnstileWidget } from '../components/turnstile-widget';

export interface Turnstile {
  /** The widget to place in the form, or null when the site has the check off. */
  widget: ReactNode;
  /** The token to send: '' when the check is off, null (after telling the user to wait) when not ready. */
  take: () => string | null;
  /** Asks for a fresh token (call after every guarded request: a token works once). */
  reset: () => void;
}

/** Turnstile for one form (spec 1 §2.6: required before submit when turnstile_check is on). */
export function useTurnstile(): Turnstile {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const { status } = useSiteStatus();
  const siteKey = status.turnstile_check ? (status.turnstile_site_key ?? '') : '';
  const [token, setToken] = useState('');
  const [generation, setGeneration] = useState(0);

  const take = useCallback(() => {
    if (!siteKey) return '';
    if (!token) {
      void message.info(t('turnstile.waiting'));
      return null;
    }
    return token;
  }, [siteKey, token, message, t]);
  const reset = useCallback(() => {
    setToken('');
    setGeneration((g) => g + 1);
  }, []);

  const widget = siteKey ? <TurnstileWidget key={generation} siteKey={siteKey} onToken={setToken} /> : null;
  return { widget, take, reset };
}

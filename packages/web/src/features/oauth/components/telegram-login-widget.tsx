import { useEffect, useRef } from 'react';

const WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';
let widgets = 0;

interface TelegramLoginWidgetProps {
  botName: string;
  /** The widget's answer as strings (id, first_name, …, auth_date, hash), checked by the server. */
  onAuth: (fields: Record<string, string>) => void;
}

/** Telegram's login widget (core.telegram.org/widgets/login) in callback mode. */
export function TelegramLoginWidget({ botName, onAuth }: TelegramLoginWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(onAuth);
  latest.current = onAuth;

  useEffect(() => {
    const host = container.current;
    if (!host || !botName) return;
    const registry = window as unknown as Record<string, unknown>;
    const callback = `gwTelegramAuth${++widgets}`;
    registry[callback] = (user: Record<string, string | number>) =>
      latest.current(Object.fromEntries(Object.entries(user).map(([k, v]) => [k, String(v)])));
    const script = document.createElement('script');
    script.src = WIDGET_SCRIPT;
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'large');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-onauth', `${callback}(user)`);
    host.appendChild(script);
    return () => {
      delete registry[callback];
      host.replaceChildren();
    };
  }, [botName]);

  return <div ref={container} data-testid="telegram-login-widget" />;
}

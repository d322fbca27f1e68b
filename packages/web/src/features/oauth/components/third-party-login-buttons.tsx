import { useState } from 'react';
import { App, Button, Divider, Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readString, StorageKey } from '../../../lib/storage';
import { useIsMobile } from '../../../app/layout/use-is-mobile';
import { useSiteStatus } from '../../status/api/status.queries';
import { completeHeaderLogin, completeTelegram, getOAuthState, getSignInState, type StateProvider } from '../api/oauth.api';
import { AUTHORIZE_ENTRY, secondFactorStep, waitingAuthorizationParams } from '../oauth-flow';
import { PROVIDERS, customProvidersOf, isEnabled, isRedirectProvider } from '../oauth-providers';
import { useFinishOAuth } from '../use-finish-oauth';
import { TelegramLoginWidget } from './telegram-login-widget';
import { WeChatFrameModal } from './wechat-frame-modal';

/**
 * The login page's third-party sign-in (spec 1 §2.6): one button per enabled provider, built-in or defined
 * by the administrator. Inside an authorization flow the flow's query travels with the state and comes back
 * with the sign-in.
 */
export function ThirdPartyLoginButtons() {
  const { t } = useTranslation('oauth');
  const { message } = App.useApp();
  const { status } = useSiteStatus();
  const [params] = useSearchParams();
  const isMobile = useIsMobile();
  const { succeed, fail, askSecondFactor } = useFinishOAuth();
  const [going, setGoing] = useState<StateProvider | null>(null);
  const [wechatOpen, setWechatOpen] = useState(false);

  const aff = params.get('aff') ?? readString(StorageKey.aff) ?? '';
  const loginParams = waitingAuthorizationParams(params);
  const enabled = PROVIDERS.filter((p) => isEnabled(status, p.flag) && !(p.name === 'wechat' && isMobile));
  const custom = customProvidersOf(status);
  if (enabled.length === 0 && custom.length === 0) return null;

  const go = (provider: StateProvider) => {
    setGoing(provider);
    getOAuthState(provider, { aff, oauth_login_params: loginParams })
      .then(({ authorizeUrl }) => window.location.assign(authorizeUrl))
      .catch((err: Error) => {
        setGoing(null);
        message.error(err.message);
      });
  };
  // A trusted-header provider needs no redirect: the proxy in front of this site already knows the person.
  const goThroughProxy = (slug: string) => {
    setGoing(slug);
    getSignInState(slug, { aff, oauth_login_params: loginParams })
      .then((state) => completeHeaderLogin(slug, state))
      .then(succeed, (err: Error) => {
        setGoing(null);
        message.error(err.message);
      });
  };
  const next = params.get('next') ?? '';
  const wechatNext = loginParams ? `${AUTHORIZE_ENTRY}?${loginParams}` : next.startsWith('/') && !next.startsWith('//') ? next : '/token';

  return (
    <div data-testid="third-party-login">
      <Divider plain>{t('login.divider')}</Divider>
      <Flex vertical gap={8}>
        {enabled.map(({ name }) => {
          if (isRedirectProvider(name)) {
            return (
              <Button key={name} block loading={going === name} disabled={going !== null && going !== name} onClick={() => go(name)}>
                {t('login.with', { provider: t(`providers.${name}`) })}
              </Button>
            );
          }
          if (name === 'wechat') {
            return (
              <Button key={name} block onClick={() => setWechatOpen(true)}>
                {t('login.with', { provider: t('providers.wechat') })}
              </Button>
            );
          }
          return (
            <Flex key={name} justify="center">
              <TelegramLoginWidget botName={status.telegram_bot_name ?? ''} onAuth={(fields) => completeTelegram('login', { ...fields, aff }).then(succeed, fail)} />
            </Flex>
          );
        })}
        {custom.map(({ slug, name, kind }) => (
          <Button
            key={`custom-${slug}`}
            block
            loading={going === slug}
            disabled={going !== null && going !== slug}
            onClick={() => (kind === 'trusted_header' ? goThroughProxy(slug) : go(slug))}
            data-testid={`login-${slug}`}
          >
            {t('login.with', { provider: name })}
          </Button>
        ))}
      </Flex>
      <WeChatFrameModal
        open={wechatOpen}
        src={`/api/oauth/wechat?${new URLSearchParams({ aff, next: wechatNext }).toString()}`}
        onClose={() => setWechatOpen(false)}
        onMessage={(m) => {
          if (m.type !== 'oauth-two-factor') return;
          setWechatOpen(false);
          askSecondFactor(m.pending_token, secondFactorStep(wechatNext));
        }}
      />
    </div>
  );
}

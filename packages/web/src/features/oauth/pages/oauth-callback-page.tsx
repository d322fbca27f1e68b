import { useEffect, useRef } from 'react';
import { Card, Flex, Spin, Typography } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../components/not-found-page';
import { completeOAuth } from '../api/oauth.api';
import { useSiteStatus } from '../../status/api/status.queries';
import { customProvidersOf, isRedirectProvider, isSlug } from '../oauth-providers';
import { useFinishOAuth } from '../use-finish-oauth';

/** /oauth/{github|google|linuxdo|oidc|discord|<custom slug>}: a provider's return page (spec 3 §2). Sends code and state once. */
export function OAuthCallbackPage() {
  const { t } = useTranslation('oauth');
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const { succeed, fail } = useFinishOAuth();
  const { status } = useSiteStatus();
  // The state works once; the ref keeps a re-run effect (React's strict mode) from sending it twice.
  const sent = useRef(false);
  // A custom provider's slug is checked by the server, which explains an unknown one.
  const valid = isRedirectProvider(provider) || isSlug(provider);
  const label = isRedirectProvider(provider) ? t(`providers.${provider}`) : (customProvidersOf(status).find((p) => p.slug === provider)?.name ?? provider);

  useEffect(() => {
    if (!valid || sent.current) return;
    sent.current = true;
    const refused = params.get('error');
    const code = params.get('code');
    const state = params.get('state');
    if (refused) return fail(new Error(t('callback.providerRefused', { message: params.get('error_description') || refused })));
    if (!code || !state) return fail(new Error(t('callback.missing')));
    completeOAuth(provider, code, state).then(succeed, fail);
  }, [valid, provider, params, succeed, fail, t]);

  if (!valid) return <NotFoundPage />;
  return (
    <Flex justify="center" style={{ paddingTop: 48 }}>
      <Card style={{ width: '100%', maxWidth: 420, textAlign: 'center' }}>
        <Spin size="large" />
        <Typography.Paragraph style={{ marginTop: 16 }} data-testid="oauth-callback-processing">
          {t('callback.processing', { provider: label })}
        </Typography.Paragraph>
      </Card>
    </Flex>
  );
}

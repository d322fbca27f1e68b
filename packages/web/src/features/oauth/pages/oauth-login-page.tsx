import { useEffect, useRef } from 'react';
import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { getStoredUser } from '../../../lib/session';
import { getUser } from '../../users/api/users.queries';
import { authorizeEntryStep, loginStepFor } from '../oauth-flow';

/**
 * /oauth/login (spec 3 §2.11): the sign-in entry of a third-party authorization. A stored user whose
 * session still works goes on to GET /api/oauth/authorize with the same query; anybody else signs in
 * first. After five round trips the page gives up.
 */
export function OAuthLoginPage() {
  const { t } = useTranslation('oauth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const step = authorizeEntryStep(params, getStoredUser() !== null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || step.kind === 'failed') return;
    started.current = true;
    if (step.kind === 'login') {
      void navigate(step.to, { replace: true });
      return;
    }
    getUser('self')
      .then(() => window.location.replace(step.url))
      .catch((err: unknown) => {
        // A 401 already sent the browser to the login page, which comes back here afterwards.
        if (err instanceof ApiError && err.handled) return;
        void navigate(loginStepFor(params), { replace: true });
      });
  }, [step, params, navigate]);

  if (step.kind === 'failed') {
    return (
      <Result
        status="warning"
        title={t('authorize.failedTitle')}
        subTitle={t('authorize.failed')}
        extra={<Link to="/"><Button>{t('authorize.home')}</Button></Link>}
        data-testid="authorize-failed"
      />
    );
  }
  return (
    <Flex justify="center" style={{ paddingTop: 48 }}>
      <Card style={{ width: '100%', maxWidth: 420, textAlign: 'center' }}>
        <Spin size="large" />
        <Typography.Paragraph style={{ marginTop: 16 }}>{t('authorize.checking')}</Typography.Paragraph>
      </Card>
    </Flex>
  );
}

import { Button, Card, Flex, Result, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../components/page-spinner';
import { notifySuccess } from '../../../lib/notify';
import { setupQueries, useRunSetup } from '../api/setup.queries';
import { SetupForm } from '../components/setup-form';

/** First-run initialization (spec 3 §2.9): create the root account, then sign in. */
export function SetupPage() {
  const { t } = useTranslation('setup');
  const navigate = useNavigate();
  const { data, isPending } = useQuery(setupQueries.status());
  const runSetup = useRunSetup();
  if (isPending) return <PageSpinner />;
  if (data?.status) {
    return (
      <Result
        status="success"
        title={t('done.title')}
        extra={<Link to="/login"><Button type="primary">{t('done.login')}</Button></Link>}
      />
    );
  }
  return (
    <Flex justify="center">
      <Card style={{ width: '100%', maxWidth: 520 }}>
        <Typography.Title level={3}>{t('title')}</Typography.Title>
        <Typography.Paragraph type="secondary">
          {t('intro', { database: data?.database_type ?? 'sqlite' })}
        </Typography.Paragraph>
        <SetupForm
          rootExists={Boolean(data?.root_init)}
          submitting={runSetup.isPending}
          onSubmit={(body) =>
            runSetup.mutate(body, {
              onSuccess: () => {
                notifySuccess(t('success'));
                void navigate('/login');
              },
            })
          }
        />
      </Card>
    </Flex>
  );
}

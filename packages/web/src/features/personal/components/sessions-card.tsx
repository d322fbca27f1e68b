import { Button, Card, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { UserSessionView } from '@gw/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatUnixTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { clearStoredUser } from '../../../lib/session';
import { personalQueries, useEndSessions } from '../api/personal.queries';

/** The browsers signed in to this account (GET /api/user/sessions): end one, or every one but this. */
export function SessionsCard() {
  const { t, i18n } = useTranslation('personal');
  const sessions = useQuery(personalQueries.sessions());
  const end = useEndSessions();
  const navigate = useNavigate();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const endOne = (s: UserSessionView) =>
    end.one.mutate(s.id, {
      onSuccess: () => {
        notifySuccess(t('sessions.ended'));
        if (s.current) {
          clearStoredUser();
          void navigate('/login');
        }
      },
    });
  const endOthers = () => end.others.mutate(undefined, { onSuccess: ({ revoked }) => notifySuccess(t('sessions.othersEnded', { count: revoked })) });

  return (
    <Card
      title={t('sessions.title')}
      data-testid="sessions-card"
      extra={
        <Popconfirm title={t('sessions.endOthersConfirm')} onConfirm={endOthers} okText={t('sessions.endOthers')} cancelText={t('actions.cancel')} disabled={others === 0}>
          <Button icon={<LogoutOutlined />} disabled={others === 0} loading={end.others.isPending}>
            {t('sessions.endOthers')}
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary">{t('sessions.description')}</Typography.Paragraph>
      <Table<UserSessionView>
        rowKey="id"
        size="small"
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          {
            title: t('sessions.device'),
            dataIndex: 'user_agent',
            render: (ua: string, s) => (
              <Flex gap={8} align="center">
                <Typography.Text ellipsis={{ tooltip: ua }} style={{ maxWidth: 320 }}>
                  {ua || t('sessions.unknownDevice')}
                </Typography.Text>
                {s.current && <Tag color="green">{t('sessions.current')}</Tag>}
              </Flex>
            ),
          },
          { title: t('sessions.ip'), dataIndex: 'ip', render: (ip: string) => ip || '—' },
          { title: t('sessions.signedIn'), dataIndex: 'created_at', render: (v: number) => formatUnixTime(v, i18n.language) || '—' },
          { title: t('sessions.expires'), dataIndex: 'expires_at', render: (v: number) => formatUnixTime(v, i18n.language) || '—' },
          {
            title: t('sessions.actions'),
            key: 'actions',
            render: (_v, s) => (
              <Popconfirm title={s.current ? t('sessions.endCurrentConfirm') : t('sessions.endConfirm')} onConfirm={() => endOne(s)} okText={t('sessions.end')} cancelText={t('actions.cancel')}>
                <Button size="small" danger>
                  {t('sessions.end')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Card>
  );
}

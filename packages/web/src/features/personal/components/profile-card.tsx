import { Avatar, Button, Card, Col, Descriptions, Flex, Row, Statistic, Tag, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isRoot, type UserView } from '@gw/contracts';
import { useQuotaFormatter } from '../../status/use-quota-formatter';

/** Avatar, name, role, id, group, balance and rewards, with a way to the activity center (spec 3 §2.8). */
export function ProfileCard({ user, loading }: { user?: UserView; loading: boolean }) {
  const { t } = useTranslation('personal');
  const formatQuota = useQuotaFormatter();
  const navigate = useNavigate();
  const toActivityCenter = (
    <Button icon={<GiftOutlined />} onClick={() => void navigate('/activity-center')}>
      {t('profile.activityCenter')}
    </Button>
  );
  return (
    <Card loading={loading && !user} extra={toActivityCenter}>
      {user && (
        <Flex vertical gap={16}>
          <Flex gap={16} align="center">
            <Avatar size={56}>{user.username.slice(0, 1).toUpperCase()}</Avatar>
            <Flex vertical gap={4}>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="personal-username">
                {user.display_name || user.username}
              </Typography.Title>
              <Flex gap={8} align="center" wrap>
                <Typography.Text type="secondary">@{user.username}</Typography.Text>
                {/* This screen's badge follows spec 3 §2.8: administrator from role 100. */}
                <Tag color={isRoot(user.role) ? 'gold' : 'blue'}>{isRoot(user.role) ? t('profile.admin') : t('profile.user')}</Tag>
              </Flex>
            </Flex>
          </Flex>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={[
            { key: 'id', label: t('profile.id'), children: user.id },
            { key: 'group', label: t('profile.group'), children: user.group },
          ]} />
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title={t('profile.balance')} value={formatQuota(user.quota)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('profile.used')} value={formatQuota(user.used_quota)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('profile.inviteRewards')} value={formatQuota(user.aff_quota)} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('profile.activityRewards')} value={formatQuota(user.activity_quota)} />
            </Col>
          </Row>
        </Flex>
      )}
    </Card>
  );
}

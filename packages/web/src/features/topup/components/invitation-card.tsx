import { Button, Card, Col, Flex, Input, Row, Statistic } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@gw/contracts';
import { useCopyText } from '../../../components/copy/use-copy-text';
import { useQuotaFormatter } from '../../status/use-quota-formatter';

/** The invitation link (`/register?aff=<code>`), how many people it brought and the rewards, with a way to the activity center. */
export function InvitationCard({ user }: { user?: UserView }) {
  const { t } = useTranslation('topup');
  const copy = useCopyText();
  const formatQuota = useQuotaFormatter();
  const link = user?.aff_code ? `${window.location.origin}/register?aff=${user.aff_code}` : '';
  return (
    <Card title={t('invite.title')} extra={<Link to="/activity-center">{t('invite.activityCenter')}</Link>}>
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          <Col xs={8}>
            <Statistic title={t('invite.count')} value={user?.aff_count ?? 0} />
          </Col>
          <Col xs={8}>
            <Statistic title={t('invite.pending')} value={formatQuota(user?.aff_quota ?? 0)} />
          </Col>
          <Col xs={8}>
            <Statistic title={t('invite.total')} value={formatQuota(user?.aff_history_quota ?? 0)} />
          </Col>
        </Row>
        <Flex gap={8}>
          <Input readOnly value={link} aria-label={t('invite.link')} data-testid="invite-link" />
          <Button icon={<CopyOutlined />} disabled={!link} onClick={() => void copy(link)}>
            {t('invite.copy')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

import { Button, Card, Col, Flex, Input, Row, Space, Statistic } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@gw/contracts';
import { useCopyText } from '../../../components/copy/use-copy-text';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { invitationLink } from '../reward-quota';

/** The invitation box (spec 3 §2.12): the user's code and link, each with copy, and how many people joined. */
export function InvitationBox({ user }: { user?: UserView }) {
  const { t } = useTranslation('activityCenter');
  const copy = useCopyText();
  const formatQuota = useQuotaFormatter();
  const code = user?.aff_code ?? '';
  const link = invitationLink(window.location.origin, code);
  return (
    <Card title={t('invite.title')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Statistic title={t('invite.count')} value={user?.aff_count ?? 0} data-testid="invite-count" />
        </Col>
        <Col xs={24} md={16}>
          <Statistic title={t('invite.total')} value={formatQuota(user?.aff_history_quota ?? 0)} />
        </Col>
        <Col span={24}>
          <Flex vertical gap={12}>
            <Space.Compact style={{ width: '100%' }}>
              <Space.Addon>{t('invite.code')}</Space.Addon>
              <Input readOnly value={code} aria-label={t('invite.code')} data-testid="invite-code" />
              <Button icon={<CopyOutlined />} disabled={!code} onClick={() => void copy(code, t('invite.codeCopied'))}>
                {t('invite.copy')}
              </Button>
            </Space.Compact>
            <Space.Compact style={{ width: '100%' }}>
              <Space.Addon>{t('invite.link')}</Space.Addon>
              <Input readOnly value={link} aria-label={t('invite.link')} data-testid="invite-link" />
              <Button icon={<CopyOutlined />} disabled={!link} onClick={() => void copy(link, t('invite.linkCopied'))}>
                {t('invite.copy')}
              </Button>
            </Space.Compact>
          </Flex>
        </Col>
      </Row>
    </Card>
  );
}

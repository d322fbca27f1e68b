import { useState } from 'react';
import { Button, Card, Col, Empty, Flex, Row, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomModelConfigView } from '@gw/contracts';
import { useRoles } from '../../../lib/session';
import { customModelQueries } from '../api/custom-models.queries';
import { CustomModelCard } from '../components/custom-model-card';
import { CustomModelDialog } from '../components/custom-model-dialog';
import { CustomModelOverview } from '../components/custom-model-overview';

function OwnServices() {
  const { t } = useTranslation('customModels');
  const configs = useQuery(customModelQueries.configs());
  const [dialog, setDialog] = useState<{ open: boolean; config: CustomModelConfigView | null }>({ open: false, config: null });
  const list = configs.data ?? [];
  const openEdit = (config: CustomModelConfigView) => setDialog({ open: true, config });
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('hint')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, config: null })}>
          {t('add')}
        </Button>
      </Flex>
      {list.length === 0 && !configs.isPending ? (
        <Empty description={t('empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {list.map((c) => (
            <Col key={c.id} xs={24} md={12} xl={8}>
              <CustomModelCard config={c} onEdit={openEdit} />
            </Col>
          ))}
        </Row>
      )}
      <CustomModelDialog open={dialog.open} config={dialog.config} configs={list} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
    </Flex>
  );
}

/** /custom-models: the user's own model services; administrators also see everyone's (spec 3 §2.18). */
export function CustomModelsPage() {
  const { t } = useTranslation('customModels');
  const { isAdmin } = useRoles();
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      {isAdmin ? (
        <Tabs
          items={[
            { key: 'mine', label: t('tabs.mine'), children: <OwnServices /> },
            { key: 'all', label: t('tabs.all'), children: <CustomModelOverview /> },
          ]}
        />
      ) : (
        <OwnServices />
      )}
    </Card>
  );
}

import { CopyOutlined, DashboardOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Card, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiInfoItem } from '@gw/contracts';
import { useCopyText } from '../../../../components/copy/use-copy-text';
import { speedTestUrl, tagColorOf } from '../../console-content';

/** The API addresses the administrator publishes: route label, address with a copy button, speed test. */
export function ApiInfoCard({ items }: { items: ApiInfoItem[] }) {
  const { t } = useTranslation('dashboard');
  const copy = useCopyText();
  return (
    <Card title={t('apiInfo.title')} data-testid="dashboard-api-info">
      <List
        dataSource={items}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button key="speed" size="small" type="link" icon={<DashboardOutlined />} href={speedTestUrl(item.url)} target="_blank" rel="noopener noreferrer">
                {t('apiInfo.speedTest')}
              </Button>,
              <Button key="open" size="small" type="link" icon={<ExportOutlined />} href={item.url} target="_blank" rel="noopener noreferrer">
                {t('apiInfo.open')}
              </Button>,
            ]}
          >
            <Flex vertical gap={4} align="flex-start" style={{ minWidth: 0 }}>
              <Tag color={tagColorOf(item.color)}>{item.route}</Tag>
              <Flex gap={4} align="center" style={{ maxWidth: '100%' }}>
                <Typography.Text code ellipsis={{ tooltip: item.url }}>
                  {item.url}
                </Typography.Text>
                <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('apiInfo.copy', { url: item.url })} onClick={() => void copy(item.url)} />
              </Flex>
              <Typography.Text type="secondary">{item.description}</Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

import { Button, Popover, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { channelTypeLabel, type BoundChannel } from '@gw/contracts';

/** How many channels serve the model; the popover lists each one's name and channel type. */
export function BoundChannelsCell({ channels }: { channels: BoundChannel[] | undefined }) {
  const { t } = useTranslation('modelMetadata');
  const list = channels ?? [];
  if (list.length === 0) return <Typography.Text type="secondary">{t('channels.none')}</Typography.Text>;
  return (
    <Popover
      title={t('channels.title')}
      trigger="click"
      content={
        <Table<BoundChannel>
          size="small"
          rowKey={(c) => `${c.name}-${c.type}`}
          pagination={false}
          showHeader={false}
          dataSource={list}
          style={{ maxWidth: 360 }}
          columns={[
            { key: 'name', dataIndex: 'name' },
            { key: 'type', render: (_, c) => <Typography.Text type="secondary">{channelTypeLabel(c.type)}</Typography.Text> },
          ]}
        />
      }
    >
      <Button size="small" type="link" data-testid="model-meta-channels">
        {t('channels.count', { count: list.length })}
      </Button>
    </Popover>
  );
}

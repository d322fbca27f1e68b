import { useMemo, useState } from 'react';
import { Button, Input, Modal, Table, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '@gw/contracts';
import { useTestChannelQuietly } from '../api/channels.queries';
import { latencyColor, secondsOf } from '../channel-latency';
import { splitList } from '../channel-rows';

type Outcome = { ok: true; ms: number } | { ok: false; message: string };

/** The model-test picker (spec 2 §2): test a channel with any one of its models and see each result. */
export function ChannelTestModal({ channel, onClose }: { channel: ChannelView | null; onClose: () => void }) {
  const { t } = useTranslation('channels');
  const [filter, setFilter] = useState('');
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const [running, setRunning] = useState<string | null>(null);
  const test = useTestChannelQuietly();
  const models = useMemo(() => splitList(channel?.models).filter((m) => m.toLowerCase().includes(filter.trim().toLowerCase())), [channel, filter]);

  const run = (model: string) => {
    if (!channel) return;
    setRunning(model);
    test.mutate(
      { id: channel.id, model },
      {
        onSuccess: (r) => setOutcomes((o) => ({ ...o, [model]: { ok: true, ms: Math.round(r.time * 1000) } })),
        onError: (err) => setOutcomes((o) => ({ ...o, [model]: { ok: false, message: err.message } })),
        onSettled: () => setRunning(null),
      },
    );
  };

  return (
    <Modal
      title={t('test.title', { name: channel?.name ?? '' })}
      open={channel !== null}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
      afterClose={() => {
        setOutcomes({});
        setFilter('');
      }}
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('test.search')}
        aria-label={t('test.search')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      <Table<string>
        rowKey={(m) => m}
        size="small"
        dataSource={models}
        pagination={models.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          { key: 'model', title: t('test.model'), render: (_, m) => <Typography.Text code>{m}</Typography.Text> },
          {
            key: 'result',
            title: t('test.result'),
            render: (_, m) => {
              const o = outcomes[m];
              if (!o) return null;
              if (o.ok) return <Tag color={latencyColor(o.ms)}>{t('latency.seconds', { value: secondsOf(o.ms) })}</Tag>;
              return (
                <Typography.Text type="danger" ellipsis={{ tooltip: o.message }} style={{ maxWidth: 260 }}>
                  {o.message}
                </Typography.Text>
              );
            },
          },
          {
            key: 'action',
            title: t('columns.actions'),
            render: (_, m) => (
              <Button size="small" loading={running === m} disabled={running !== null && running !== m} onClick={() => run(m)}>
                {t('actions.test')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}

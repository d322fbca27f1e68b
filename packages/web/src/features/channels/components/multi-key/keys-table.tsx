import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { MultiKeyStatus, type MultiKeyStatusItem, type MultiKeyStatusPage } from '@gw/contracts';
import { tablePagination } from '../../../../components/table/table-pagination';
import { formatUnixTime } from '../../../../lib/format';
import { keyNumberOf } from '../../multi-key-view';
import { KeyStatusTag } from './key-status-tag';
import type { KeyWriter } from './use-key-write';

interface KeysTableProps {
  data: MultiKeyStatusPage | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number, pageSize: number) => void;
  writer: KeyWriter;
}

function KeyRowActions({ item, writer: { run, pending } }: { item: MultiKeyStatusItem; writer: KeyWriter }) {
  const { t } = useTranslation('channels');
  const isRunning = (action: string) => pending?.action === action && pending.key_index === item.index;
  const enabled = item.status === MultiKeyStatus.Enabled;
  const toggle = enabled ? 'disable_key' : 'enable_key';
  return (
    <Space size={4} wrap={false}>
      <Button size="small" danger={enabled} loading={isRunning(toggle)} onClick={() => void run(toggle, item.index)}>
        {enabled ? t('multiKey.disable') : t('multiKey.enable')}
      </Button>
      <Popconfirm
        title={t('multiKey.deleteTitle', { number: keyNumberOf(item.index) })}
        description={t('multiKey.deleteConfirm')}
        okText={t('multiKey.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('multiKey.cancel')}
        onConfirm={() => run('delete_key', item.index)}
      >
        <Button size="small" danger loading={isRunning('delete_key')}>
          {t('multiKey.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** One page of a channel's keys: number, preview (never the whole key), status, why and when disabled, actions. */
export function KeysTable({ data, loading, page, pageSize, onPageChange, writer }: KeysTableProps) {
  const { t, i18n } = useTranslation('channels');
  const { t: tCommon } = useTranslation();
  const dash = <Typography.Text type="secondary">-</Typography.Text>;
  const columns: ColumnsType<MultiKeyStatusItem> = [
    { key: 'index', title: t('multiKey.columns.index'), render: (_, k) => `#${keyNumberOf(k.index)}` },
    { key: 'preview', title: t('multiKey.columns.preview'), render: (_, k) => <Typography.Text code>{k.key_preview}</Typography.Text> },
    { key: 'status', title: t('multiKey.columns.status'), render: (_, k) => <KeyStatusTag status={k.status} /> },
    {
      key: 'reason',
      title: t('multiKey.columns.reason'),
      render: (_, k) =>
        k.status !== MultiKeyStatus.Enabled && k.reason ? (
          <Typography.Text ellipsis={{ tooltip: k.reason }} style={{ maxWidth: 220 }}>
            {k.reason}
          </Typography.Text>
        ) : (
          dash
        ),
    },
    {
      key: 'disabledTime',
      title: t('multiKey.columns.disabledTime'),
      render: (_, k) => (k.status !== MultiKeyStatus.Enabled && k.disabled_time ? formatUnixTime(k.disabled_time, i18n.language) : dash),
    },
    { key: 'actions', title: t('multiKey.columns.actions'), render: (_, k) => <KeyRowActions item={k} writer={writer} /> },
  ];
  return (
    <Table<MultiKeyStatusItem>
      rowKey="index"
      size="small"
      scroll={{ x: 'max-content' }}
      loading={loading}
      dataSource={data?.keys ?? []}
      columns={columns}
      pagination={tablePagination({ page, pageSize, total: data?.total ?? 0, onChange: onPageChange, t: tCommon })}
    />
  );
}

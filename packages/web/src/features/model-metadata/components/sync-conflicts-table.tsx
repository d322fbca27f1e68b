import { Button, Checkbox, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SyncField } from '@gw/contracts';
import { checkedCountOf, SYNC_FIELD_LABEL_KEYS, syncValueDisplay, type SyncConflictRow } from '../model-meta-sync';

/** A compared value: a name rule or status by name, blank as "(empty)", long text cut to three lines. */
function SyncValue({ field, value }: { field: SyncField; value: string | number }) {
  const { t } = useTranslation('modelMetadata');
  const shown = syncValueDisplay(field, value);
  switch (shown.kind) {
    case 'empty':
      return <Typography.Text type="secondary">{t('sync.value.empty')}</Typography.Text>;
    case 'nameRule':
      return <>{t(`nameRules.${shown.rule}`)}</>;
    case 'status':
      return <>{shown.enabled ? t('sync.value.enabled') : t('sync.value.disabled')}</>;
    default:
      return (
        <Typography.Paragraph ellipsis={{ rows: 3, tooltip: shown.text }} style={{ marginBottom: 0, maxWidth: 300, wordBreak: 'break-word' }}>
          {shown.text}
        </Typography.Paragraph>
      );
  }
}

interface SyncConflictsTableProps {
  rows: SyncConflictRow[];
  checked: ReadonlySet<string>;
  onCheckedChange: (checked: ReadonlySet<string>) => void;
  loading: boolean;
}

/** The fields where entries that follow the official list differ from it; a ticked row is overwritten by the sync. */
export function SyncConflictsTable({ rows, checked, onCheckedChange, loading }: SyncConflictsTableProps) {
  const { t } = useTranslation('modelMetadata');
  const count = checkedCountOf(rows, checked);
  const toggle = (key: string, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(key);
    else next.delete(key);
    onCheckedChange(next);
  };
  return (
    <Flex vertical gap={8} data-testid="model-meta-sync-conflicts">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('sync.conflicts.title', { count: rows.length })}
      </Typography.Title>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t('sync.conflicts.none')}</Typography.Text>
      ) : (
        <>
          <Typography.Text type="secondary">{t('sync.conflicts.hint')}</Typography.Text>
          <Flex wrap gap={8} align="center">
            <Button size="small" onClick={() => onCheckedChange(new Set(rows.map((r) => r.key)))} disabled={count === rows.length}>
              {t('sync.conflicts.selectAll')}
            </Button>
            <Button size="small" onClick={() => onCheckedChange(new Set())} disabled={count === 0}>
              {t('sync.conflicts.clear')}
            </Button>
            <Typography.Text type="secondary" data-testid="model-meta-sync-selected">
              {t('sync.conflicts.selected', { count })}
            </Typography.Text>
          </Flex>
          <Table<SyncConflictRow>
            size="small"
            rowKey="key"
            loading={loading}
            dataSource={rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            columns={[
              {
                key: 'pick',
                width: 40,
                render: (_, row) => {
                  const field = t(SYNC_FIELD_LABEL_KEYS[row.field]);
                  return (
                    <Checkbox
                      aria-label={t('sync.conflicts.pick', { model: row.model_name, field })}
                      checked={checked.has(row.key)}
                      onChange={(e) => toggle(row.key, e.target.checked)}
                    />
                  );
                },
              },
              { title: t('sync.conflicts.model'), dataIndex: 'model_name', render: (name: string) => <Typography.Text strong>{name}</Typography.Text> },
              { title: t('sync.conflicts.field'), key: 'field', render: (_, row) => t(SYNC_FIELD_LABEL_KEYS[row.field]) },
              { title: t('sync.conflicts.local'), key: 'local', render: (_, row) => <SyncValue field={row.field} value={row.local} /> },
              { title: t('sync.conflicts.upstream'), key: 'upstream', render: (_, row) => <SyncValue field={row.field} value={row.upstream} /> },
            ]}
          />
        </>
      )}
    </Flex>
  );
}

import { useState } from 'react';
import { Button, Card, Flex, Popconfirm, Segmented, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PREFILL_GROUP_TYPES, type PrefillGroupType, type PrefillGroupView } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { itemNamesOf } from '../api/prefill-group-items';
import { prefillGroupQueries, useDeletePrefillGroup } from '../api/prefill-groups.queries';
import { PrefillGroupDialog } from './prefill-group-dialog';

/** How many items a row shows before "+N more". */
const SHOWN_ITEMS = 6;
const TYPE_COLORS: Record<PrefillGroupType, string> = { model: 'blue', tag: 'purple', endpoint: 'cyan' };

type Filter = PrefillGroupType | 'all';

/** The prefill-group list (GET /api/prefill_group), filtered by type, with add, edit and delete. */
export function PrefillGroupsCard() {
  const { t, i18n } = useTranslation('prefillGroups');
  const [filter, setFilter] = useState<Filter>('all');
  const groups = useQuery(prefillGroupQueries.list(filter === 'all' ? undefined : filter));
  const remove = useDeletePrefillGroup();
  const [dialog, setDialog] = useState<{ open: boolean; group: PrefillGroupView | null }>({ open: false, group: null });

  return (
    <Card
      title={t('title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, group: null })}>
          {t('add')}
        </Button>
      }
      data-testid="prefill-groups"
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('hint')}</Typography.Text>
        <Segmented<Filter>
          aria-label={t('filter')}
          value={filter}
          onChange={setFilter}
          options={[{ value: 'all', label: t('all') }, ...PREFILL_GROUP_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))]}
        />
        <Table<PrefillGroupView>
          rowKey="id"
          size="small"
          loading={groups.isFetching}
          dataSource={groups.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('empty') }}
          columns={[
            { title: t('columns.name'), dataIndex: 'name' },
            { title: t('columns.type'), key: 'type', render: (_, g) => <Tag color={TYPE_COLORS[g.type]}>{t(`types.${g.type}`)}</Tag> },
            { title: t('columns.items'), key: 'items', render: (_, g) => <ItemTags names={itemNamesOf(g.items)} more={(count) => t('more', { count })} /> },
            { title: t('columns.description'), dataIndex: 'description', ellipsis: true },
            { title: t('columns.updated'), key: 'updated', render: (_, g) => formatUnixTime(g.updated_time, i18n.language) },
            {
              title: t('columns.actions'),
              key: 'actions',
              render: (_, g) => (
                <Space size={4}>
                  <Button size="small" onClick={() => setDialog({ open: true, group: g })}>
                    {t('actions.edit')}
                  </Button>
                  <Popconfirm
                    title={t('actions.deleteConfirm', { name: g.name })}
                    okText={t('actions.delete')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(g.id, { onSuccess: () => notifySuccess(t('messages.deleted')) })}
                  >
                    <Button size="small" danger>
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Flex>
      <PrefillGroupDialog open={dialog.open} group={dialog.group} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
    </Card>
  );
}

function ItemTags({ names, more }: { names: string[]; more: (count: number) => string }) {
  return (
    <Flex wrap gap={4} style={{ maxWidth: 480 }}>
      {names.slice(0, SHOWN_ITEMS).map((n) => (
        <Tag key={n}>{n}</Tag>
      ))}
      {names.length > SHOWN_ITEMS && <Tag>{more(names.length - SHOWN_ITEMS)}</Tag>}
    </Flex>
  );
}

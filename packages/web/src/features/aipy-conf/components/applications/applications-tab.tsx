import { useState } from 'react';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APP_NONE_SELECTED, DEFAULT_PAGE_SIZE, type ApplicationView } from '@gw/contracts';
import { usePageSelection } from '../../../../components/list-page/use-page-selection';
import { tablePagination } from '../../../../components/table/table-pagination';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { aipyQueries, useDeleteApplication, useDeleteApplications } from '../../api/aipy-conf.queries';
import { AipyListTab } from '../aipy-list-tab';
import { editDeleteColumn } from '../edit-delete-column';
import { ApplicationDialog } from './application-dialog';

/** The agent-marketplace tab (spec 3 §2.17): paged list with selection, batch delete, add, edit and delete. */
export function ApplicationsTab() {
  const { t } = useTranslation('aipyConf');
  const { t: tc } = useTranslation();
  const [page, setPage] = useState({ p: 1, page_size: DEFAULT_PAGE_SIZE });
  const query = useQuery(aipyQueries.applications(page));
  const selection = usePageSelection(query.data?.items);
  const remove = useDeleteApplication();
  const removeMany = useDeleteApplications();
  const [dialog, setDialog] = useState<{ open: boolean; app: ApplicationView | null }>({ open: false, app: null });
  const count = selection.selected.length;

  const batchDelete = () =>
    removeMany.mutate(
      selection.selected.map((a) => a.id),
      {
        onSuccess: () => {
          notifySuccess(t('messages.appsBatchDeleted'));
          selection.clear();
        },
      },
    );

  return (
    <AipyListTab<ApplicationView>
      addLabel={t('apps.add')}
      onAdd={() => setDialog({ open: true, app: null })}
      toolbar={
        count === 0 ? (
          <Button danger icon={<DeleteOutlined />} onClick={() => notifyError(APP_NONE_SELECTED)}>
            {t('apps.batchDelete', { count })}
          </Button>
        ) : (
          <Popconfirm title={t('apps.batchDeleteConfirm', { count })} okText={t('actions.delete')} okButtonProps={{ danger: true }} onConfirm={batchDelete}>
            <Button danger icon={<DeleteOutlined />} loading={removeMany.isPending}>
              {t('apps.batchDelete', { count })}
            </Button>
          </Popconfirm>
        )
      }
      dialog={<ApplicationDialog open={dialog.open} app={dialog.app} onClose={() => setDialog((d) => ({ ...d, open: false }))} />}
      loading={query.isFetching}
      dataSource={query.data?.items ?? []}
      rowSelection={{ selectedRowKeys: selection.selected.map((a) => a.id), onChange: (_, rows) => selection.setSelected(rows) }}
      columns={[
        { title: t('columns.id'), dataIndex: 'id', width: 72 },
        { title: t('apps.fields.name'), dataIndex: 'name' },
        { title: t('apps.fields.displayName'), dataIndex: 'display_name' },
        { title: t('apps.fields.version'), dataIndex: 'version' },
        {
          title: t('apps.fields.description'),
          key: 'description',
          render: (_, a) => (
            <Typography.Text ellipsis={{ tooltip: a.description }} style={{ maxWidth: 220 }}>
              {a.description}
            </Typography.Text>
          ),
        },
        {
          title: t('apps.fields.homepage'),
          key: 'homepage',
          render: (_, a) =>
            a.homepage ? (
              <Typography.Link href={a.homepage} target="_blank" rel="noreferrer">
                {a.homepage}
              </Typography.Link>
            ) : null,
        },
        { title: t('apps.fields.type'), key: 'type', render: (_, a) => <Tag color={a.type === 'webview' ? 'purple' : 'blue'}>{t(`apps.types.${a.type}`)}</Tag> },
        { title: t('apps.fields.rank'), dataIndex: 'rank' },
        {
          title: t('apps.fields.groups'),
          key: 'groups',
          render: (_, a) => (a.app_groups.length ? a.app_groups.map((g) => <Tag key={g}>{g}</Tag>) : <Typography.Text type="secondary">{t('apps.allGroups')}</Typography.Text>),
        },
        { title: t('apps.fields.keywords'), key: 'keywords', render: (_, a) => a.keywords.join(', ') },
        editDeleteColumn<ApplicationView>(t, {
          onEdit: (a) => setDialog({ open: true, app: a }),
          onDelete: (a) => remove.mutate(a.id, { onSuccess: () => notifySuccess(t('messages.appDeleted')) }),
          confirmTitle: (a) => t('apps.deleteConfirm', { name: a.display_name }),
        }),
      ]}
      pagination={{
        ...tablePagination({ page: page.p, pageSize: page.page_size, total: query.data?.total ?? 0, onChange: (p, page_size) => setPage({ p, page_size }), t: tc }),
        showQuickJumper: true,
      }}
    />
  );
}

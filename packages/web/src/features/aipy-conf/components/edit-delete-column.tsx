import { Button, Popconfirm, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';

/** The actions column of an aipy-conf table: Edit, and Delete after a confirmation. */
export function editDeleteColumn<T extends { id: number }>(
  t: TFunction<'aipyConf'>,
  { onEdit, onDelete, confirmTitle = () => t('actions.deleteConfirm') }: { onEdit: (row: T) => void; onDelete: (row: T) => void; confirmTitle?: (row: T) => string },
): ColumnsType<T>[number] {
  return {
    title: t('columns.actions'),
    key: 'actions',
    render: (_, row) => (
      <Space size={4}>
        <Button size="small" onClick={() => onEdit(row)}>
          {t('actions.edit')}
        </Button>
        <Popconfirm title={confirmTitle(row)} okText={t('actions.delete')} okButtonProps={{ danger: true }} onConfirm={() => onDelete(row)}>
          <Button size="small" danger>
            {t('actions.delete')}
          </Button>
        </Popconfirm>
      </Space>
    ),
  };
}

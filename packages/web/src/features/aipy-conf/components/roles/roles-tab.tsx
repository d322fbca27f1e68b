import { useState } from 'react';
import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AiRoleView } from '@gw/contracts';
import { notifySuccess } from '../../../../lib/notify';
import { aipyQueries, useDeleteRole } from '../../api/aipy-conf.queries';
import { rolePreview } from '../../role-form';
import { AipyListTab } from '../aipy-list-tab';
import { editDeleteColumn } from '../edit-delete-column';
import { RoleDialog } from './role-dialog';

/** The roles tab (spec 3 §2.17): id, role name, content, edit and delete. */
export function RolesTab() {
  const { t } = useTranslation('aipyConf');
  const query = useQuery(aipyQueries.roles());
  const remove = useDeleteRole();
  const [dialog, setDialog] = useState<{ open: boolean; role: AiRoleView | null }>({ open: false, role: null });
  return (
    <AipyListTab<AiRoleView>
      addLabel={t('roles.add')}
      onAdd={() => setDialog({ open: true, role: null })}
      dialog={<RoleDialog open={dialog.open} role={dialog.role} onClose={() => setDialog((d) => ({ ...d, open: false }))} />}
      loading={query.isFetching}
      dataSource={query.data ?? []}
      columns={[
        { title: t('columns.id'), dataIndex: 'id', width: 72 },
        { title: t('roles.fields.name'), dataIndex: 'role_name' },
        {
          title: t('roles.fields.content'),
          key: 'role',
          render: (_, r) => (
            <Typography.Text code ellipsis={{ tooltip: r.role }} style={{ maxWidth: 420 }}>
              {rolePreview(r.role)}
            </Typography.Text>
          ),
        },
        editDeleteColumn<AiRoleView>(t, {
          onEdit: (r) => setDialog({ open: true, role: r }),
          onDelete: (r) => remove.mutate(r.id, { onSuccess: () => notifySuccess(t('messages.deleted')) }),
        }),
      ]}
    />
  );
}

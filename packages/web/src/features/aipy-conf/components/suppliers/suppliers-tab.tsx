import { useState } from 'react';
import { Button, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { channelTypeLabel, type SupplierView } from '@gw/contracts';
import { aipyQueries } from '../../api/aipy-conf.queries';
import { AipyListTab } from '../aipy-list-tab';
import { SupplierDialog } from './supplier-dialog';

/** The model-supplier tab (spec 3 §2.14): list, add and edit suppliers. */
export function SuppliersTab() {
  const { t } = useTranslation('aipyConf');
  const query = useQuery(aipyQueries.suppliers());
  const [dialog, setDialog] = useState<{ open: boolean; supplier: SupplierView | null }>({ open: false, supplier: null });
  return (
    <AipyListTab<SupplierView>
      addLabel={t('suppliers.add')}
      onAdd={() => setDialog({ open: true, supplier: null })}
      dialog={<SupplierDialog open={dialog.open} supplier={dialog.supplier} onClose={() => setDialog((d) => ({ ...d, open: false }))} />}
      loading={query.isFetching}
      dataSource={query.data ?? []}
      pagination={false}
      columns={[
        { title: t('columns.id'), dataIndex: 'id', width: 72 },
        { title: t('suppliers.fields.name'), dataIndex: 'name' },
        { title: t('suppliers.fields.type'), key: 'type', render: (_, s) => channelTypeLabel(s.type) },
        { title: t('suppliers.fields.sdk'), key: 'sdk', render: (_, s) => <Tag>{s.sdk}</Tag> },
        { title: t('suppliers.fields.baseUrl'), dataIndex: 'base_url' },
        {
          title: t('suppliers.fields.status'),
          key: 'status',
          render: (_, s) => (s.disable ? <Tag color="red">{t('suppliers.disabled')}</Tag> : <Tag color="green">{t('suppliers.enabled')}</Tag>),
        },
        {
          title: t('columns.actions'),
          key: 'actions',
          render: (_, s) => (
            <Button size="small" onClick={() => setDialog({ open: true, supplier: s })}>
              {t('actions.edit')}
            </Button>
          ),
        },
      ]}
    />
  );
}

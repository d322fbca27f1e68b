import { useState } from 'react';
import { Button, Flex, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MetaStatus, type VendorView } from '@gw/contracts';
import { EntityIcon } from '../../../components/icon/entity-icon';
import { fitScreen } from '../../../components/responsive';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteVendor, vendorQueries } from '../api/model-metadata.queries';
import { vendorMatches } from '../model-meta-display';
import { VendorDialog } from './vendor-dialog';

/** The vendor manager: every vendor (searchable by name or description) with add, edit and delete. */
export function VendorsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('modelMetadata');
  const vendors = useQuery({ ...vendorQueries.list(), enabled: open });
  const remove = useDeleteVendor();
  const [dialog, setDialog] = useState<{ open: boolean; vendor: VendorView | null }>({ open: false, vendor: null });
  const [keyword, setKeyword] = useState('');
  return (
    <Modal open={open} title={t('vendors.title')} onCancel={onClose} footer={null} width={fitScreen(760)} data-testid="model-meta-vendors-modal">
      <Flex vertical gap={12}>
        <Flex wrap gap={8} justify="space-between">
          <Input
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder={t('vendors.search')}
            aria-label={t('vendors.search')}
            style={{ width: 260, maxWidth: '100%' }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, vendor: null })} data-testid="vendor-add">
            {t('vendors.add')}
          </Button>
        </Flex>
        <Table<VendorView>
          size="small"
          rowKey="id"
          loading={vendors.isFetching}
          dataSource={(vendors.data ?? []).filter((v) => vendorMatches(v, keyword))}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('vendors.empty') }}
          columns={[
            { title: t('vendors.columns.icon'), key: 'icon', width: 56, render: (_, v) => <EntityIcon icon={v.icon} name={v.name} size={24} /> },
            { title: t('vendors.columns.name'), dataIndex: 'name' },
            {
              title: t('vendors.columns.description'),
              key: 'description',
              render: (_, v) => (
                <Typography.Text type="secondary" style={{ maxWidth: 240 }} ellipsis={{ tooltip: v.description }}>
                  {v.description}
                </Typography.Text>
              ),
            },
            {
              title: t('vendors.columns.status'),
              key: 'status',
              render: (_, v) =>
                v.status === MetaStatus.Enabled ? <Tag color="green">{t('vendors.status.enabled')}</Tag> : <Tag>{t('vendors.status.disabled')}</Tag>,
            },
            {
              title: t('vendors.columns.actions'),
              key: 'actions',
              render: (_, v) => (
                <Space size={4}>
                  <Button size="small" onClick={() => setDialog({ open: true, vendor: v })}>
                    {t('vendors.edit')}
                  </Button>
                  <Popconfirm
                    title={t('vendors.deleteConfirm', { name: v.name })}
                    okText={t('vendors.delete')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(v.id, { onSuccess: () => notifySuccess(t('vendors.deleted')) })}
                  >
                    <Button size="small" danger>
                      {t('vendors.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Flex>
      <VendorDialog open={dialog.open} vendor={dialog.vendor} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
    </Modal>
  );
}

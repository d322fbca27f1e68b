import { Button, Modal, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fitScreen } from '../../../components/responsive';
import { modelMetaQueries } from '../api/model-metadata.queries';

interface MissingModelsModalProps {
  open: boolean;
  onClose: () => void;
  /** Opens the editor for a new entry with this model name. */
  onCreate: (modelName: string) => void;
}

/** GET /api/models/missing: served models no entry describes, each with a shortcut to describe it. */
export function MissingModelsModal({ open, onClose, onCreate }: MissingModelsModalProps) {
  const { t } = useTranslation('modelMetadata');
  const missing = useQuery({ ...modelMetaQueries.missing(), enabled: open });
  return (
    <Modal open={open} title={t('missing.title')} onCancel={onClose} footer={null} width={fitScreen(560)} data-testid="model-meta-missing-modal">
      <Typography.Paragraph type="secondary">{t('missing.hint')}</Typography.Paragraph>
      <Table<{ name: string }>
        size="small"
        rowKey="name"
        loading={missing.isFetching}
        dataSource={(missing.data ?? []).map((name) => ({ name }))}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('missing.empty') }}
        columns={[
          { title: t('missing.model'), dataIndex: 'name' },
          {
            key: 'create',
            align: 'right',
            render: (_, row) => (
              <Button size="small" icon={<PlusOutlined />} onClick={() => onCreate(row.name)} data-testid={`missing-create-${row.name}`}>
                {t('missing.create')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}

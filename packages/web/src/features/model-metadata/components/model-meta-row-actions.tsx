import { Button, Popconfirm, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { MetaStatus, type ModelMetaView } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteModelMeta, useSetModelMetaStatus } from '../api/model-metadata.queries';

/** The status switch: PUT /api/models/?status_only=true, which changes nothing else. */
export function ModelMetaStatusSwitch({ meta }: { meta: ModelMetaView }) {
  const { t } = useTranslation('modelMetadata');
  const setStatus = useSetModelMetaStatus();
  const enabled = meta.status === MetaStatus.Enabled;
  return (
    <Switch
      size="small"
      checked={enabled}
      loading={setStatus.isPending}
      aria-label={t('status.label')}
      data-testid="model-meta-status"
      onChange={(on) =>
        setStatus.mutate(
          { id: meta.id, status: on ? MetaStatus.Enabled : MetaStatus.Disabled },
          { onSuccess: () => notifySuccess(on ? t('status.enabled') : t('status.disabled')) },
        )
      }
    />
  );
}

/** Edit and delete (after a confirmation). */
export function ModelMetaRowActions({ meta, onEdit }: { meta: ModelMetaView; onEdit: (meta: ModelMetaView) => void }) {
  const { t } = useTranslation('modelMetadata');
  const remove = useDeleteModelMeta();
  return (
    <Space size={4}>
      <Button size="small" onClick={() => onEdit(meta)}>
        {t('actions.edit')}
      </Button>
      <Popconfirm
        title={t('actions.deleteConfirm', { name: meta.model_name })}
        okText={t('actions.delete')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove.mutate(meta.id, { onSuccess: () => notifySuccess(t('actions.deleted')) })}
      >
        <Button size="small" danger loading={remove.isPending}>
          {t('actions.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

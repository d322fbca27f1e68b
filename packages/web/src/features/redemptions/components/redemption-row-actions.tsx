import { Button, Popconfirm, Space } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RedemptionStatus, type RedemptionView } from '@gw/contracts';
import { useCopyText } from '../../../components/copy/use-copy-text';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteRedemption, useSetRedemptionStatus } from '../api/redemptions.queries';

/** Copy, enable/disable (never for a used code), edit (only while unused) and delete. */
export function RedemptionRowActions({ code, onEdit }: { code: RedemptionView; onEdit: (code: RedemptionView) => void }) {
  const { t } = useTranslation('redemptions');
  const copy = useCopyText();
  const setStatus = useSetRedemptionStatus();
  const remove = useDeleteRedemption();
  const used = code.status === RedemptionStatus.Used;
  const enabled = code.status === RedemptionStatus.Enabled;
  const toggle = () =>
    setStatus.mutate(
      { id: code.id, status: enabled ? RedemptionStatus.Disabled : RedemptionStatus.Enabled },
      { onSuccess: () => notifySuccess(enabled ? t('actions.disabled') : t('actions.enabled')) },
    );
  return (
    <Space size={4} wrap>
      <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(code.key)}>
        {t('actions.copy')}
      </Button>
      <Button size="small" danger={enabled} disabled={used} loading={setStatus.isPending} onClick={toggle}>
        {enabled ? t('actions.disable') : t('actions.enable')}
      </Button>
      <Button size="small" disabled={code.status !== RedemptionStatus.Enabled} onClick={() => onEdit(code)}>
        {t('actions.edit')}
      </Button>
      <Popconfirm
        title={t('actions.deleteTitle')}
        description={t('actions.deleteConfirm', { name: code.name })}
        okText={t('actions.delete')}
        okButtonProps={{ danger: true }}
        onConfirm={() => remove.mutate(code.id, { onSuccess: () => notifySuccess(t('actions.deleted')) })}
      >
        <Button size="small" danger loading={remove.isPending}>
          {t('actions.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

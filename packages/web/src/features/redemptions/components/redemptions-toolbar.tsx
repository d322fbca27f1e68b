import { Button, Popconfirm } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { BatchToolbar, batchToolbarLabels } from '../../../components/table/batch-toolbar';
import { useTranslation } from 'react-i18next';
import type { RedemptionView } from '@gw/contracts';
import { useCopyText } from '../../../components/copy/use-copy-text';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteInvalidRedemptions, useDeleteRedemptions } from '../api/redemptions.queries';

interface RedemptionsToolbarProps {
  selected: RedemptionView[];
  onCreate: () => void;
  onCleared: () => void;
}

/** Add codes; batch copy and delete of the selection; clearing used, disabled and expired codes. */
export function RedemptionsToolbar({ selected, onCreate, onCleared }: RedemptionsToolbarProps) {
  const { t } = useTranslation('redemptions');
  const copy = useCopyText();
  const removeMany = useDeleteRedemptions();
  const removeInvalid = useDeleteInvalidRedemptions();
  const count = selected.length;
  return (
    <BatchToolbar
      selectedCount={count}
      labels={batchToolbarLabels(t, count)}
      deleting={removeMany.isPending}
      onAdd={onCreate}
      onCopy={() => void copy(selected.map((c) => c.key).join('\n'))}
      onDelete={() =>
        removeMany.mutate(
          selected.map((c) => c.id),
          {
            onSuccess: (deleted) => {
              notifySuccess(t('batch.deleted', { count: deleted }));
              onCleared();
            },
          },
        )
      }
      onNothingSelected={notifyError}
    >
      <Popconfirm
        title={t('batch.clearTitle')}
        description={t('batch.clearConfirm')}
        okText={t('batch.clear')}
        okButtonProps={{ danger: true }}
        onConfirm={() => removeInvalid.mutate(undefined, { onSuccess: (count) => notifySuccess(t('batch.cleared', { count })) })}
      >
        <Button icon={<ClearOutlined />} loading={removeInvalid.isPending}>
          {t('batch.clear')}
        </Button>
      </Popconfirm>
    </BatchToolbar>
  );
}

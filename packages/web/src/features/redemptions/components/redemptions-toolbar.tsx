import { Button, Flex, Popconfirm } from 'antd';
import { ClearOutlined, CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
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
  const none = selected.length === 0;
  const needSelection = () => notifyError(t('batch.selectFirst'));

  const copySelected = () => (none ? needSelection() : void copy(selected.map((c) => c.key).join('\n')));
  const deleteSelected = () =>
    removeMany.mutate(
      selected.map((c) => c.id),
      {
        onSuccess: (count) => {
          notifySuccess(t('batch.deleted', { count }));
          onCleared();
        },
      },
    );

  return (
    <Flex wrap gap={8}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
        {t('actions.add')}
      </Button>
      <Button icon={<CopyOutlined />} onClick={copySelected}>
        {t('batch.copy', { count: selected.length })}
      </Button>
      {none ? (
        <Button danger icon={<DeleteOutlined />} onClick={needSelection}>
          {t('batch.delete', { count: 0 })}
        </Button>
      ) : (
        <Popconfirm
          title={t('batch.deleteTitle')}
          description={t('batch.deleteConfirm', { count: selected.length })}
          okText={t('actions.delete')}
          okButtonProps={{ danger: true }}
          onConfirm={deleteSelected}
        >
          <Button danger icon={<DeleteOutlined />} loading={removeMany.isPending}>
            {t('batch.delete', { count: selected.length })}
          </Button>
        </Popconfirm>
      )}
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
    </Flex>
  );
}

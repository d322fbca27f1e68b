import { Button, Flex, Popconfirm } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TokenView } from '@gw/contracts';
import { useCopyText } from '../../../components/copy/use-copy-text';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteTokens } from '../api/tokens.queries';
import { keysText } from '../token-key';

interface TokensToolbarProps {
  selected: TokenView[];
  onCreate: () => void;
  onCleared: () => void;
}

/** Add token, and the batch actions on the selected rows: copy their keys, delete them. */
export function TokensToolbar({ selected, onCreate, onCleared }: TokensToolbarProps) {
  const { t } = useTranslation('tokens');
  const copy = useCopyText();
  const remove = useDeleteTokens();
  const none = selected.length === 0;
  const needSelection = () => notifyError(t('batch.selectFirst'));

  const copySelected = () => (none ? needSelection() : void copy(keysText(selected), t('batch.copied', { count: selected.length })));
  const deleteSelected = () =>
    remove.mutate(
      { ids: selected.map((r) => r.id) },
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
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
            {t('batch.delete', { count: selected.length })}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}

import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { useSetTagStatus } from '../api/channels.queries';
import { useChannelsDialog } from './channels-context';

/** A tag row (tag mode): enable or disable all its channels, or open the tag editor. */
export function TagRowActions({ tag }: { tag: string }) {
  const { t } = useTranslation('channels');
  const { openTagEditor } = useChannelsDialog();
  const setStatus = useSetTagStatus();
  const run = (enabled: boolean) =>
    setStatus.mutate({ tag, enabled }, { onSuccess: () => notifySuccess(enabled ? t('tag.enabledAll', { tag }) : t('tag.disabledAll', { tag })) });
  return (
    <Space size={4}>
      <Button size="small" loading={setStatus.isPending && setStatus.variables?.enabled} onClick={() => run(true)}>
        {t('tag.enableAll')}
      </Button>
      <Button size="small" danger loading={setStatus.isPending && !setStatus.variables?.enabled} onClick={() => run(false)}>
        {t('tag.disableAll')}
      </Button>
      <Button size="small" onClick={() => openTagEditor(tag)}>
        {t('tag.edit')}
      </Button>
    </Space>
  );
}

import { App, Button, Dropdown, Space, Tooltip } from 'antd';
import { DownOutlined, MoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ChannelStatus, ChannelType, type ChannelView } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useCopyChannel, useDeleteChannel, useResetChannelHealth, useTestChannel, useUpdateChannel } from '../api/channels.queries';
import { secondsOf } from '../channel-latency';
import { useChannelsDialog } from './channels-context';

/**
 * Test (default model, or pick one), enable/disable, edit, and under "more" copy and delete (both
 * confirmed), for a multi-key channel its Manage keys dialog, and for a cooling channel (`cooling`)
 * ending its cool-down (confirmed).
 */
export function ChannelRowActions({ channel, cooling }: { channel: ChannelView; cooling: boolean }) {
  const { t } = useTranslation('channels');
  const { modal } = App.useApp();
  const { openEdit, openTestModels, openManageKeys, openUpstreamUpdates, openOllamaModels } = useChannelsDialog();
  const test = useTestChannel();
  const update = useUpdateChannel();
  const copy = useCopyChannel();
  const remove = useDeleteChannel();
  const resetHealth = useResetChannelHealth();
  const enabled = channel.status === ChannelStatus.Enabled;
  const runTest = () =>
    test.mutate(
      { id: channel.id },
      { onSuccess: (r) => notifySuccess(t('test.passed', { name: channel.name, seconds: secondsOf(r.time * 1000) })) },
    );
  const toggle = () =>
    update.mutate(
      { id: channel.id, status: enabled ? ChannelStatus.ManuallyDisabled : ChannelStatus.Enabled },
      { onSuccess: () => notifySuccess(enabled ? t('actions.disabledDone') : t('actions.enabledDone')) },
    );
  const confirmCopy = () =>
    modal.confirm({
      title: t('actions.copyTitle'),
      content: t('actions.copyConfirm', { name: channel.name }),
      okText: t('actions.copy'),
      cancelText: t('form.cancel'),
      onOk: () => copy.mutateAsync(channel.id).then(() => notifySuccess(t('actions.copied'))),
    });
  const confirmDelete = () =>
    modal.confirm({
      title: t('actions.deleteTitle'),
      content: t('actions.deleteConfirm', { name: channel.name }),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('form.cancel'),
      onOk: () => remove.mutateAsync(channel.id).then(() => notifySuccess(t('actions.deleted'))),
    });
  const confirmEndCooldown = () =>
    modal.confirm({
      title: t('health.endTitle'),
      content: t('health.endConfirm', { name: channel.name }),
      okText: t('health.end'),
      cancelText: t('form.cancel'),
      onOk: () => resetHealth.mutateAsync({ id: channel.id }).then((message) => notifySuccess(message || t('health.ended'))),
    });
  return (
    <Space size={4} wrap={false}>
      <Space.Compact size="small">
        <Button size="small" loading={test.isPending} onClick={runTest}>
          {t('actions.test')}
        </Button>
        <Tooltip title={t('test.pickModel')}>
          <Button size="small" icon={<DownOutlined />} aria-label={t('test.pickModel')} onClick={() => openTestModels(channel)} />
        </Tooltip>
      </Space.Compact>
      <Button size="small" danger={enabled} loading={update.isPending} onClick={toggle}>
        {enabled ? t('actions.disable') : t('actions.enable')}
      </Button>
      <Button size="small" onClick={() => openEdit(channel.id)}>
        {t('actions.edit')}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...(cooling ? [{ key: 'end-cooldown', label: t('health.end'), onClick: confirmEndCooldown }] : []),
            ...(channel.channel_info?.is_multi_key ? [{ key: 'keys', label: t('multiKey.manage'), onClick: () => openManageKeys(channel) }] : []),
            { key: 'upstream', label: t('upstream.check'), onClick: () => openUpstreamUpdates(channel) },
            ...(channel.type === ChannelType.Ollama ? [{ key: 'ollama', label: t('ollama.manage'), onClick: () => openOllamaModels(channel) }] : []),
            { key: 'copy', label: t('actions.copy'), onClick: confirmCopy },
            { key: 'delete', label: t('actions.delete'), danger: true, onClick: confirmDelete },
          ],
        }}
      >
        <Button size="small" icon={<MoreOutlined />} aria-label={t('actions.more')} />
      </Dropdown>
    </Space>
  );
}

import { Button, Flex, Popconfirm } from 'antd';
import {
  CheckCircleOutlined, ClearOutlined, CloudSyncOutlined, DollarOutlined, ExperimentOutlined, PlayCircleOutlined, StopOutlined, TagsOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChannelView } from '@gw/contracts';
import { BatchToolbar } from '../../../components/table/batch-toolbar';
import { ColumnSettings } from '../../../components/table/column-settings';
import type { ColumnVisibility } from '../../../components/table/use-column-visibility';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import {
  useDeleteChannels, useDeleteDisabledChannels, useFixAbilities, useResetChannelHealth, useSetChannelsStatus, useTestAllChannels,
  useUpdateAllBalances,
} from '../api/channels.queries';
import type { ChannelColumn } from './channel-columns';
import { useChannelsDialog } from './channels-context';
import { PrefillGroupsButton } from './prefill-group-pickers';

interface ChannelsToolbarProps {
  selected: ChannelView[];
  onCleared: () => void;
  columns: ChannelColumn[];
  visibility: ColumnVisibility;
  /** How many channels are cooling down now (the live health); "End all cool-downs" shows only when some are. */
  coolingCount: number;
}

/**
 * Add; batch delete, tag, enable and disable of the selection; test all, update all balances, delete
 * disabled, fix abilities, end all cool-downs (while some channel is cooling); columns.
 */
export function ChannelsToolbar({ selected, onCleared, columns, visibility, coolingCount }: ChannelsToolbarProps) {
  const { t } = useTranslation('channels');
  const { openCreate, openBatchTag, openUpstreamCheckAll } = useChannelsDialog();
  const removeMany = useDeleteChannels();
  const setStatus = useSetChannelsStatus();
  const removeDisabled = useDeleteDisabledChannels();
  const testAll = useTestAllChannels();
  const balances = useUpdateAllBalances();
  const fix = useFixAbilities();
  const resetHealth = useResetChannelHealth();
  const count = selected.length;
  const ids = selected.map((c) => c.id);
  return (
    <Flex wrap gap={8} justify="space-between">
      <BatchToolbar
        selectedCount={count}
        labels={{
          add: t('actions.add'),
          // No copy button: channel rows hold no secret to copy.
          copy: '',
          delete: t('batch.delete', { count }),
          deleteTitle: t('batch.deleteTitle'),
          deleteConfirm: t('batch.deleteConfirm', { count }),
          deleteOk: t('actions.delete'),
          selectFirst: t('batch.selectFirst'),
        }}
        deleting={removeMany.isPending}
        onAdd={openCreate}
        onDelete={() =>
          removeMany.mutate(ids, {
            onSuccess: (deleted) => {
              notifySuccess(t('batch.deleted', { count: deleted }));
              onCleared();
            },
          })
        }
        onNothingSelected={notifyError}
      >
        <Button icon={<TagsOutlined />} onClick={() => (count === 0 ? notifyError(t('batch.selectFirst')) : openBatchTag(ids))}>
          {t('batch.tag', { count })}
        </Button>
        {[true, false].map((enabled) => (
          <Button
            key={String(enabled)}
            icon={enabled ? <CheckCircleOutlined /> : <StopOutlined />}
            loading={setStatus.isPending && setStatus.variables?.enabled === enabled}
            onClick={() =>
              count === 0
                ? notifyError(t('batch.selectFirst'))
                : setStatus.mutate({ ids, enabled }, { onSuccess: (changed) => notifySuccess(t(enabled ? 'batch.enabled' : 'batch.disabled', { count: changed })) })
            }
          >
            {t(enabled ? 'batch.enable' : 'batch.disable', { count })}
          </Button>
        ))}
        <Button
          icon={<ExperimentOutlined />}
          loading={testAll.isPending}
          onClick={() => testAll.mutate(undefined, { onSuccess: (started) => (started ? notifySuccess(t('tools.testAllStarted')) : notifyWarning(t('tools.testAllRunning'))) })}
        >
          {t('tools.testAll')}
        </Button>
        <Button
          icon={<DollarOutlined />}
          loading={balances.isPending}
          onClick={() =>
            balances.mutate(undefined, {
              onSuccess: ({ updated, failed }) => {
                if (updated === 0 && failed === 0) notifyWarning(t('tools.balancesNone'));
                else if (failed > 0) notifyWarning(t('tools.balancesUpdatedWithFailures', { updated, failed }));
                else notifySuccess(t('tools.balancesUpdated', { updated }));
              },
            })
          }
        >
          {t('tools.updateBalances')}
        </Button>
        <Button icon={<CloudSyncOutlined />} onClick={openUpstreamCheckAll}>
          {t('upstream.checkAll')}
        </Button>
        <Popconfirm
          title={t('tools.deleteDisabledTitle')}
          description={t('tools.deleteDisabledConfirm')}
          okText={t('actions.delete')}
          okButtonProps={{ danger: true }}
          onConfirm={() => removeDisabled.mutate(undefined, { onSuccess: (n) => notifySuccess(t('tools.deletedDisabled', { count: n })) })}
        >
          <Button danger icon={<ClearOutlined />} loading={removeDisabled.isPending}>
            {t('tools.deleteDisabled')}
          </Button>
        </Popconfirm>
        <Popconfirm
          title={t('tools.fixTitle')}
          description={t('tools.fixConfirm')}
          okText={t('tools.fix')}
          onConfirm={() => fix.mutate(undefined, { onSuccess: (r) => notifySuccess(t('tools.fixed', { success: r?.success ?? 0, fails: r?.fails ?? 0 })) })}
        >
          <Button icon={<ToolOutlined />} loading={fix.isPending}>
            {t('tools.fix')}
          </Button>
        </Popconfirm>
        {coolingCount > 0 && (
          <Popconfirm
            title={t('health.endAllTitle')}
            description={t('health.endAllConfirm', { count: coolingCount })}
            okText={t('health.endAll')}
            onConfirm={() => resetHealth.mutate({ all: true }, { onSuccess: (message) => notifySuccess(message || t('health.endedAll')) })}
          >
            <Button icon={<PlayCircleOutlined />} loading={resetHealth.isPending}>
              {t('health.endAll')}
            </Button>
          </Popconfirm>
        )}
        <PrefillGroupsButton />
      </BatchToolbar>
      <ColumnSettings columns={columns.map((c) => ({ key: c.key, title: String(c.title) }))} visibility={visibility} />
    </Flex>
  );
}

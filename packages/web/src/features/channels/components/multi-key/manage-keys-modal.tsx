import { useEffect, useState } from 'react';
import { Button, Flex, Modal, Select } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MultiKeyStatus, type ChannelView, type MultiKeyStatusValue } from '@gw/contracts';
import { channelKeys, channelQueries } from '../../api/channels.queries';
import { KeyBulkActions } from './key-bulk-actions';
import { KeyStats } from './key-stats';
import { KeysTable } from './keys-table';
import { useKeyWrite } from './use-key-write';

const FIRST_PAGE = { page: 1, pageSize: 10 };

/** The Manage keys dialog of a multi-key channel: its keys by status, page by page, each and all at once. */
export function ManageKeysModal({ channel, onClose }: { channel: ChannelView | null; onClose: () => void }) {
  const { t } = useTranslation('channels');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<MultiKeyStatusValue | undefined>(undefined);
  const [paging, setPaging] = useState(FIRST_PAGE);
  const channelId = channel?.id ?? 0;
  const query = useQuery({
    ...channelQueries.keyStatus({ channel_id: channelId, page: paging.page, page_size: paging.pageSize, status }),
    enabled: channel !== null,
  });
  const writer = useKeyWrite(channelId);
  const data = query.data;

  // A delete can empty the last page: go back to the last page that still has keys.
  useEffect(() => {
    if (data && data.keys.length === 0 && paging.page > 1) setPaging((p) => ({ ...p, page: Math.max(1, data.total_pages) }));
  }, [data, paging.page]);

  const disabled = (data?.manual_disabled_count ?? 0) + (data?.auto_disabled_count ?? 0);
  const statusOptions = [
    { value: 0, label: t('multiKey.filterAll') },
    { value: MultiKeyStatus.Enabled, label: t('multiKey.enabled') },
    { value: MultiKeyStatus.ManuallyDisabled, label: t('multiKey.manualDisabled') },
    { value: MultiKeyStatus.AutoDisabled, label: t('multiKey.autoDisabled') },
  ];

  return (
    <Modal
      title={t('multiKey.title', { name: channel?.name ?? '' })}
      open={channel !== null}
      onCancel={onClose}
      footer={null}
      width={900}
      destroyOnHidden
      afterClose={() => {
        setStatus(undefined);
        setPaging(FIRST_PAGE);
        void queryClient.invalidateQueries({ queryKey: channelKeys.lists() });
      }}
    >
      <KeyStats counts={data} mode={channel?.channel_info?.multi_key_mode ?? 'random'} />
      <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 12 }}>
        <Flex gap={8} wrap>
          <Select<number>
            aria-label={t('multiKey.filter')}
            style={{ width: 200 }}
            value={status ?? 0}
            options={statusOptions}
            onChange={(v) => {
              setStatus(v === 0 ? undefined : (v as MultiKeyStatusValue));
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
          <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('multiKey.refresh')}
          </Button>
        </Flex>
        <KeyBulkActions writer={writer} enabled={data?.enabled_count ?? 0} disabled={disabled} />
      </Flex>
      <KeysTable
        data={data}
        loading={query.isFetching}
        page={paging.page}
        pageSize={paging.pageSize}
        onPageChange={(page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize })}
        writer={writer}
      />
    </Modal>
  );
}

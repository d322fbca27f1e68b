import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Flex, Modal, Popconfirm, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UpstreamDetectAllResult, UpstreamDetectResult } from '@gw/contracts';
import { notifySuccess } from '../../../lib/notify';
import { useApplyAllUpstreamUpdates, useDetectAllUpstreamUpdates } from '../api/channel-upstream.queries';
import { UpstreamUpdatesModal, type UpstreamUpdatesTarget } from './upstream-updates-modal';

/**
 * "Check all upstream models": checks every enabled channel (new-api's detect_all) when it opens, lists
 * the channels with new or gone models, and the ones whose check failed with the reason. Each channel
 * can be reviewed in its own dialog; "Apply all" takes every channel's changes at once.
 */
export function UpstreamCheckAllModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('channels');
  const detectAll = useDetectAllUpstreamUpdates();
  const applyAll = useApplyAllUpstreamUpdates();
  const [report, setReport] = useState<UpstreamDetectAllResult | null>(null);
  const [review, setReview] = useState<UpstreamUpdatesTarget | null>(null);
  const { mutate: runDetectAll, reset } = detectAll;

  useEffect(() => {
    if (open) runDetectAll(undefined, { onSuccess: setReport });
  }, [open, runDetectAll]);

  const changed = (report?.channel_detected_results ?? []).filter((r) => r.add_models.length + r.remove_models.length > 0);
  const updateEntry = (id: number, remaining: { add_models: string[]; remove_models: string[] }) =>
    setReport((r) => r && { ...r, channel_detected_results: r.channel_detected_results.map((e) => (e.channel_id === id ? { ...e, ...remaining } : e)) });

  const applyEverything = () =>
    applyAll.mutate(undefined, {
      onSuccess: (r) => {
        notifySuccess(t('upstream.appliedAll', { channels: r.processed_channels, added: r.added_models, removed: r.removed_models }));
        onClose();
      },
    });

  return (
    <>
      <Modal
        title={t('upstream.allTitle')}
        open={open}
        onCancel={onClose}
        width={760}
        destroyOnHidden
        afterClose={() => {
          setReport(null);
          reset();
        }}
        footer={[
          <Button key="close" onClick={onClose}>
            {t('upstream.close')}
          </Button>,
          <Popconfirm key="apply" title={t('upstream.applyAll')} description={t('upstream.applyAllConfirm')} okText={t('upstream.applyAll')} onConfirm={applyEverything} disabled={changed.length === 0}>
            <Button type="primary" loading={applyAll.isPending} disabled={changed.length === 0}>
              {t('upstream.applyAll')}
            </Button>
          </Popconfirm>,
        ]}
      >
        {detectAll.isPending && (
          <Flex justify="center" gap={8} style={{ padding: 24 }}>
            <Spin />
            <Typography.Text type="secondary">{t('upstream.allChecking')}</Typography.Text>
          </Flex>
        )}
        {detectAll.isError && <Alert type="error" showIcon message={t('upstream.failed', { message: detectAll.error.message })} />}
        {report && (
          <Flex vertical gap={12}>
            <Typography.Text>
              {t('upstream.allSummary', {
                channels: report.processed_channels,
                add: report.detected_add_models,
                remove: report.detected_remove_models,
                fails: report.failed_channel_ids.length,
              })}
            </Typography.Text>
            {changed.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upstream.allNone')} />
            ) : (
              <Table<UpstreamDetectResult>
                rowKey="channel_id"
                size="small"
                dataSource={changed}
                pagination={changed.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                columns={[
                  { key: 'name', title: t('upstream.columnChannel'), render: (_, r) => r.channel_name },
                  {
                    key: 'changes',
                    title: t('upstream.columnChanges'),
                    render: (_, r) => (
                      <Flex gap={4}>
                        {r.add_models.length > 0 && <Tag color="green">+{r.add_models.length}</Tag>}
                        {r.remove_models.length > 0 && <Tag color="red">-{r.remove_models.length}</Tag>}
                      </Flex>
                    ),
                  },
                  {
                    key: 'action',
                    title: t('columns.actions'),
                    render: (_, r) => (
                      <Button size="small" onClick={() => setReview({ id: r.channel_id, name: r.channel_name, initial: r })}>
                        {t('upstream.review')}
                      </Button>
                    ),
                  },
                ]}
              />
            )}
            {report.failed_channels.length > 0 && (
              <Alert
                type="warning"
                showIcon
                message={t('upstream.allFailed')}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    {report.failed_channels.map((f) => (
                      <li key={f.channel_id}>
                        <Typography.Text strong>{f.channel_name}</Typography.Text>: {f.message}
                      </li>
                    ))}
                  </ul>
                }
              />
            )}
          </Flex>
        )}
      </Modal>
      <UpstreamUpdatesModal target={review} onClose={() => setReview(null)} onApplied={(remaining) => review && updateEntry(review.id, remaining)} />
    </>
  );
}

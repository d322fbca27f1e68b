import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Divider, Empty, Flex, Modal, Spin, Switch, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChannelView, UpstreamDetectResult } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useApplyUpstreamUpdates, useDetectUpstreamUpdates } from '../api/channel-upstream.queries';
import { useUpdateChannel } from '../api/channels.queries';
import { applyBodyOf, choiceChangesSomething, initialChoice, previewModels, settingWithSwitches, switchesOf, type UpstreamChoice } from '../upstream-updates';

/** Which channel to show; with `initial` (from a check of all channels) nothing is asked again on opening. */
export interface UpstreamUpdatesTarget {
  id: number;
  name: string;
  /** The channel as listed: its models for the preview and its setting for the periodic-check switches. */
  channel?: ChannelView;
  initial?: UpstreamDetectResult;
}

interface UpstreamUpdatesModalProps {
  target: UpstreamUpdatesTarget | null;
  onClose: () => void;
  /** After a successful apply, with what the channel still has pending. */
  onApplied?: (remaining: { add_models: string[]; remove_models: string[] }) => void;
}

/**
 * "Check upstream models" of one channel: asks the upstream (new-api's detect), lists the new and the
 * gone models with check boxes, and applies the ticked ones; the unticked new ones may be ignored from
 * then on. The two switches turn the periodic check and its automatic adding on for this channel.
 */
export function UpstreamUpdatesModal({ target, onClose, onApplied }: UpstreamUpdatesModalProps) {
  const { t, i18n } = useTranslation('channels');
  const detect = useDetectUpstreamUpdates();
  const apply = useApplyUpstreamUpdates();
  const [result, setResult] = useState<UpstreamDetectResult | null>(null);
  const [choice, setChoice] = useState<UpstreamChoice>({ add: [], remove: [], ignoreUnticked: false });
  const { mutate: runDetect, reset: resetDetect } = detect;

  const show = (r: UpstreamDetectResult) => {
    setResult(r);
    setChoice(initialChoice(r));
  };
  const check = (id: number) => runDetect(id, { onSuccess: show });

  useEffect(() => {
    if (!target) return;
    if (target.initial) show(target.initial);
    else runDetect(target.id, { onSuccess: show });
  }, [target, runDetect]);

  const submit = () => {
    if (!target || !result) return;
    apply.mutate(applyBodyOf(target.id, result, choice), {
      onSuccess: (r) => {
        notifySuccess(t('upstream.applied', { added: r.added_models.length, removed: r.removed_models.length, ignored: r.ignored_models.length }));
        onApplied?.({ add_models: r.remaining_models, remove_models: r.remaining_remove_models });
        onClose();
      },
    });
  };

  const offer = result ?? { add_models: [], remove_models: [] };
  const preview = previewModels(target?.channel?.models, offer, choice);
  const nothingOffered = result !== null && offer.add_models.length === 0 && offer.remove_models.length === 0;

  return (
    <Modal
      title={t('upstream.title', { name: target?.name ?? '' })}
      open={target !== null}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      afterClose={() => {
        setResult(null);
        resetDetect();
      }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('form.cancel')}
        </Button>,
        <Button key="apply" type="primary" loading={apply.isPending} disabled={!result || !choiceChangesSomething(offer, choice)} onClick={submit}>
          {t('upstream.apply')}
        </Button>,
      ]}
    >
      {detect.isPending && (
        <Flex justify="center" gap={8} style={{ padding: 24 }}>
          <Spin />
          <Typography.Text type="secondary">{t('upstream.checking')}</Typography.Text>
        </Flex>
      )}
      {detect.isError && (
        <Alert
          type="error"
          showIcon
          message={t('upstream.failed', { message: detect.error.message })}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => target && check(target.id)}>
              {t('upstream.recheck')}
            </Button>
          }
        />
      )}
      {result && !detect.isPending && (
        <>
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">{t('upstream.lastChecked', { time: formatUnixTime(result.last_check_time, i18n.language) })}</Typography.Text>
            <Button size="small" icon={<ReloadOutlined />} onClick={() => target && check(target.id)}>
              {t('upstream.recheck')}
            </Button>
          </Flex>
          {nothingOffered ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upstream.upToDate')} />
          ) : (
            <>
              <ModelChecklist
                title={t('upstream.additions', { count: offer.add_models.length })}
                empty={t('upstream.noAdditions')}
                models={offer.add_models}
                ticked={choice.add}
                onChange={(add) => setChoice((c) => ({ ...c, add }))}
              />
              <ModelChecklist
                title={t('upstream.removals', { count: offer.remove_models.length })}
                empty={t('upstream.noRemovals')}
                models={offer.remove_models}
                ticked={choice.remove}
                onChange={(remove) => setChoice((c) => ({ ...c, remove }))}
              />
              {offer.add_models.length > 0 && (
                <Checkbox checked={choice.ignoreUnticked} onChange={(e) => setChoice((c) => ({ ...c, ignoreUnticked: e.target.checked }))}>
                  {t('upstream.ignoreUnticked')}
                </Checkbox>
              )}
              {target?.channel && (
                <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                  {t('upstream.preview', { count: preview.models.length, added: preview.added, removed: preview.removed })}
                </Typography.Paragraph>
              )}
            </>
          )}
        </>
      )}
      {target?.channel && <PeriodicSwitches channel={target.channel} />}
    </Modal>
  );
}

function ModelChecklist(props: { title: string; empty: string; models: string[]; ticked: string[]; onChange: (ticked: string[]) => void }) {
  const { t } = useTranslation('channels');
  const { title, empty, models, ticked, onChange } = props;
  return (
    <section style={{ marginBottom: 12 }} aria-label={title}>
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{title}</Typography.Text>
        {models.length > 1 && (
          <Flex gap={4}>
            <Button size="small" type="link" onClick={() => onChange([...models])}>
              {t('upstream.selectAll')}
            </Button>
            <Button size="small" type="link" onClick={() => onChange([])}>
              {t('upstream.selectNone')}
            </Button>
          </Flex>
        )}
      </Flex>
      {models.length === 0 ? (
        <Typography.Text type="secondary">{empty}</Typography.Text>
      ) : (
        <Flex wrap gap={8} style={{ maxHeight: 220, overflowY: 'auto', padding: '4px 0' }}>
          {models.map((m) => (
            <Checkbox key={m} checked={ticked.includes(m)} onChange={(e) => onChange(models.filter((x) => (x === m ? e.target.checked : ticked.includes(x))))}>
              <Typography.Text code>{m}</Typography.Text>
            </Checkbox>
          ))}
        </Flex>
      )}
    </section>
  );
}

/** The channel's periodic-check switches, saved into its `setting` at once. */
function PeriodicSwitches({ channel }: { channel: ChannelView }) {
  const { t } = useTranslation('channels');
  const update = useUpdateChannel();
  const [switches, setSwitches] = useState(() => switchesOf(channel.setting));
  const save = (next: typeof switches) => {
    const previous = switches;
    setSwitches(next);
    update.mutate(
      { id: channel.id, setting: settingWithSwitches(channel.setting, next) },
      { onSuccess: () => notifySuccess(t('upstream.switchesSaved')), onError: () => setSwitches(previous) },
    );
  };
  return (
    <>
      <Divider style={{ margin: '12px 0' }} />
      <Flex vertical gap={8}>
        <Flex gap={8} align="center">
          <Switch size="small" aria-label={t('upstream.periodic')} checked={switches.check_enabled} loading={update.isPending} onChange={(on) => save({ ...switches, check_enabled: on })} />
          <Typography.Text>{t('upstream.periodic')}</Typography.Text>
        </Flex>
        <Flex gap={8} align="center">
          <Switch
            size="small"
            aria-label={t('upstream.autoSync')}
            checked={switches.auto_sync_enabled}
            disabled={!switches.check_enabled}
            loading={update.isPending}
            onChange={(on) => save({ ...switches, auto_sync_enabled: on })}
          />
          <Typography.Text>{t('upstream.autoSync')}</Typography.Text>
        </Flex>
      </Flex>
    </>
  );
}

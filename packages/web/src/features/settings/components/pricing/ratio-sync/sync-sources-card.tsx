import { useState } from 'react';
import { Button, Card, Form, InputNumber, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  RATIO_SYNC_CONSOLE_ENDPOINT,
  RATIO_SYNC_DEFAULT_TIMEOUT_SECONDS,
  RATIO_SYNC_MAX_TIMEOUT_SECONDS,
  RatioSyncFetchBody,
  type RatioSyncResult,
  type SyncableChannel,
} from '@gw/contracts';
import { notifyError, notifySuccess, notifyWarning } from '../../../../../lib/notify';
import { ratioSyncQueries, useFetchUpstreamRatios } from '../../../api/ratio-sync.queries';
import { fetchBodyOf, presetOf, SYNC_ENDPOINTS, type SyncSources } from '../../../pricing/ratio-sync/sync-sources';
import { CustomUpstreamsEditor } from './custom-upstreams-editor';

const PRESET_LABELS: Record<number, 'sources.presets.official' | 'sources.presets.modelsDev'> = { [-100]: 'sources.presets.official', [-101]: 'sources.presets.modelsDev' };

/** Where to fetch ratios from (channels, presets, custom upstreams) and the fetch itself. */
export function SyncSourcesCard({ onFetched }: { onFetched: (result: RatioSyncResult) => void }) {
  const { t } = useTranslation('ratioSync');
  const channels = useQuery(ratioSyncQueries.channels());
  const fetchRatios = useFetchUpstreamRatios();
  const [sources, setSources] = useState<SyncSources>({ channelIds: [], channelEndpoint: RATIO_SYNC_CONSOLE_ENDPOINT, custom: [], timeout: RATIO_SYNC_DEFAULT_TIMEOUT_SECONDS });
  const change = (patch: Partial<SyncSources>) => setSources((s) => ({ ...s, ...patch }));
  const presetName = (id: number) => (PRESET_LABELS[id] ? t(PRESET_LABELS[id]) : String(id));
  const channelLabel = (c: SyncableChannel) => {
    if (presetOf(c.id)) return presetName(c.id);
    return `${c.name} (#${c.id}) · ${c.base_url}${c.status === 1 ? '' : ` · ${t('sources.disabled')}`}`;
  };

  const report = (result: RatioSyncResult) => {
    const failed = result.test_results.filter((r) => r.status === 'error');
    if (failed.length > 0) notifyWarning(t('results.someFailed', { names: failed.map((r) => r.name).join(', ') }));
    if (failed.length === result.test_results.length) return;
    const count = Object.values(result.differences).reduce((n, fields) => n + Object.keys(fields).length, 0);
    if (count === 0) notifySuccess(t('results.noDifferences'));
    else notifySuccess(t('results.found', { count }));
  };

  const submit = () => {
    const body = fetchBodyOf(sources, channels.data ?? [], presetName);
    if (body.upstreams.length === 0) return notifyWarning(t('sources.chooseFirst'));
    const parsed = RatioSyncFetchBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return notifyError(issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
    }
    fetchRatios.mutate(body, {
      onSuccess: (result) => {
        onFetched(result);
        report(result);
      },
    });
  };

  return (
    <Card title={t('sources.title')} data-testid="ratio-sync-sources">
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={t('sources.channels')} extra={t('sources.channelsHelp')}>
          <Select
            mode="multiple"
            allowClear
            aria-label={t('sources.channels')}
            loading={channels.isPending}
            value={sources.channelIds}
            onChange={(channelIds: number[]) => change({ channelIds })}
            options={(channels.data ?? []).map((c) => ({ value: c.id, label: channelLabel(c) }))}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item label={t('sources.channelEndpoint')} extra={t('sources.channelEndpointHelp')}>
          <Select
            aria-label={t('sources.channelEndpoint')}
            value={sources.channelEndpoint}
            onChange={(channelEndpoint: string) => change({ channelEndpoint })}
            options={SYNC_ENDPOINTS.map((value) => ({ value, label: value }))}
            style={{ maxWidth: 320 }}
          />
        </Form.Item>
        <Form.Item label={t('sources.custom')}>
          <CustomUpstreamsEditor value={sources.custom} onChange={(custom) => change({ custom })} />
        </Form.Item>
        <Form.Item label={t('sources.timeout')}>
          <InputNumber
            aria-label={t('sources.timeout')}
            min={1}
            max={RATIO_SYNC_MAX_TIMEOUT_SECONDS}
            precision={0}
            value={sources.timeout}
            onChange={(timeout) => change({ timeout })}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={fetchRatios.isPending}>
          {t('sources.fetch')}
        </Button>
      </Form>
    </Card>
  );
}

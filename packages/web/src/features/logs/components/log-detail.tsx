import type { ReactNode } from 'react';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { logPriceBreakdown, type LogView } from '@gw/contracts';
import { useSiteStatus } from '../../status/api/status.queries';
import { errorSummary, paidFromText, parseOther, priceCalculationText, usd, type DetailText } from '../log-other';

/** The expanded row: ratios and extra data from `other`, and the price calculation. */
export function LogDetail({ log, isAdmin }: { log: LogView; isAdmin: boolean }) {
  const { t } = useTranslation('logs');
  const text = t as unknown as DetailText;
  const { status } = useSiteStatus();
  const other = parseOther(log.other);
  const unit = status.quota_per_unit || 500000;
  const breakdown = logPriceBreakdown(other, log.prompt_tokens, log.completion_tokens, unit);
  const audio = (other.audio_input_tokens ?? 0) + (other.audio_output_tokens ?? 0) > 0;
  const tools = [
    ['web_search', other.web_search_calls],
    ['file_search', other.file_search_calls],
    ['google_search', other.google_search_calls],
  ].filter(([, calls]) => Number(calls) > 0);
  const trace = other.admin_info?.route_trace ?? [];
  const error = errorSummary(other);
  const paidFrom = paidFromText(other, text);
  const items = [
    error && { key: 'error', label: t('detail.error'), children: other.error_kind ? t('detail.errorValue', { error, kind: other.error_kind }) : error },
    other.own_key && { key: 'ownKey', label: t('detail.ownKey'), children: t('detail.ownKeyValue') },
    other.model_ratio !== undefined && other.model_price === -1 && { key: 'model', label: t('detail.modelRatio'), children: other.model_ratio },
    other.group_ratio !== undefined && { key: 'group', label: t('detail.groupRatio'), children: other.group_ratio },
    other.completion_ratio !== undefined && other.model_price === -1 && { key: 'completion', label: t('detail.completionRatio'), children: other.completion_ratio },
    other.model_price !== undefined && other.model_price >= 0 && { key: 'price', label: t('detail.modelPrice'), children: usd(other.model_price) },
    Boolean(other.cache_tokens) && { key: 'cache', label: t('detail.cacheTokens'), children: t('detail.cacheValue', { tokens: other.cache_tokens, ratio: other.cache_ratio ?? 1 }) },
    Boolean(other.cache_creation_tokens) && { key: 'cacheWrite', label: t('detail.cacheCreationTokens'), children: t('detail.cacheValue', { tokens: other.cache_creation_tokens, ratio: other.cache_creation_ratio ?? 1 }) },
    Boolean(other.reasoning_tokens) && { key: 'reasoning', label: t('detail.reasoningTokens'), children: other.reasoning_tokens },
    audio && { key: 'audio', label: t('detail.audioTokens'), children: t('detail.audioValue', { input: other.audio_input_tokens ?? 0, output: other.audio_output_tokens ?? 0 }) },
    Boolean(other.image_input_tokens) && { key: 'image', label: t('detail.imageTokens'), children: other.image_input_tokens },
    Boolean(other.audio_seconds) && { key: 'seconds', label: t('detail.audioSeconds'), children: t('detail.secondsValue', { seconds: other.audio_seconds }) },
    tools.length > 0 && { key: 'tools', label: t('detail.toolCalls'), children: tools.map(([tool, calls]) => `${text(`detail.toolName.${tool}`)} ${calls}`).join(', ') },
    Boolean(other.reasoning_effort) && { key: 'effort', label: t('detail.reasoningEffort'), children: other.reasoning_effort },
    Boolean(paidFrom) && { key: 'billedTo', label: t('detail.billedTo'), children: paidFrom },
    other.response_cache?.hit && { key: 'responseCache', label: t('detail.responseCache'), children: t('detail.responseCacheValue', { ratio: other.response_cache.billing_ratio }) },
    Boolean(other.fallback_from) && { key: 'fallback', label: t('detail.fallbackFrom'), children: t('detail.fallbackFromValue', { model: other.fallback_from }) },
    other.is_model_mapped && other.upstream_model_name && { key: 'upstream', label: t('detail.upstreamModel'), children: other.upstream_model_name },
    Boolean(other.request_path) && { key: 'path', label: t('detail.requestPath'), children: other.request_path },
    Boolean(other.stream_status) && { key: 'streamStatus', label: t('detail.streamStatus'), children: other.stream_status },
    Boolean(log.request_id) && { key: 'requestId', label: t('detail.requestId'), children: <Typography.Text copyable>{log.request_id}</Typography.Text> },
    isAdmin && other.admin_info?.use_channel?.length && { key: 'channels', label: t('detail.channels'), children: other.admin_info.use_channel.join(' → ') },
    isAdmin && trace.length > 0 && { key: 'route', label: t('detail.route'), span: 'filled', children: <span data-testid="log-route">{trace.join('; ')}</span> },
    Boolean(log.content) && { key: 'content', label: t('detail.content'), children: log.content },
    breakdown && { key: 'formula', label: t('detail.calculation'), span: 'filled', children: <span>{priceCalculationText(breakdown, unit, text)}</span> },
  ].filter((i) => Boolean(i)) as { key: string; label: string; span?: 'filled'; children: ReactNode }[];
  if (items.length === 0) return <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>;
  // Zero width, full minimum: long values wrap inside the table's width instead of widening the table.
  return (
    <div style={{ width: 0, minWidth: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered items={items} data-testid="log-detail" />
    </div>
  );
}

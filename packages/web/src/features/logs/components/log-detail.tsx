import type { ReactNode } from 'react';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogView } from '@gw/contracts';
import { useSiteStatus } from '../../status/api/status.queries';
import { parseOther, priceFormulaOf, type PriceFormula } from '../log-other';

const usd = (value: number) => `$${Number(value.toFixed(6))}`;

/** The billing calculation written out (spec 3 §3, reference §3.4). */
function FormulaText({ f, unit }: { f: PriceFormula; unit: number }) {
  const { t } = useTranslation('logs');
  if (f.kind === 'price') return <span>{t('detail.formulaPerCall', { price: usd(f.modelPrice), group: f.groupRatio, total: usd(f.usd) })}</span>;
  const tokens =
    f.cacheTokens > 0
      ? t('detail.tokensWithCache', { prompt: f.prompt, cached: f.cacheTokens, cacheRatio: f.cacheRatio, completion: f.completion, completionRatio: f.completionRatio })
      : t('detail.tokens', { prompt: f.prompt, completion: f.completion, completionRatio: f.completionRatio });
  return <span>{t('detail.formula', { group: f.groupRatio, model: f.modelRatio, tokens, unit, total: usd(f.usd) })}</span>;
}

/** The expanded row: ratios and extra data from `other`, and the price formula. */
export function LogDetail({ log, isAdmin }: { log: LogView; isAdmin: boolean }) {
  const { t } = useTranslation('logs');
  const { status } = useSiteStatus();
  const other = parseOther(log.other);
  const unit = status.quota_per_unit || 500000;
  const formula = priceFormulaOf(other, log.prompt_tokens, log.completion_tokens, unit);
  const items = [
    other.model_ratio !== undefined && other.model_price === -1 && { key: 'model', label: t('detail.modelRatio'), children: other.model_ratio },
    other.group_ratio !== undefined && { key: 'group', label: t('detail.groupRatio'), children: other.group_ratio },
    other.completion_ratio !== undefined && other.model_price === -1 && { key: 'completion', label: t('detail.completionRatio'), children: other.completion_ratio },
    other.model_price !== undefined && other.model_price >= 0 && { key: 'price', label: t('detail.modelPrice'), children: usd(other.model_price) },
    Boolean(other.cache_tokens) && { key: 'cache', label: t('detail.cacheTokens'), children: t('detail.cacheValue', { tokens: other.cache_tokens, ratio: other.cache_ratio ?? 1 }) },
    Boolean(other.cache_creation_tokens) && { key: 'cacheWrite', label: t('detail.cacheCreationTokens'), children: t('detail.cacheValue', { tokens: other.cache_creation_tokens, ratio: other.cache_creation_ratio ?? 1 }) },
    Boolean(other.reasoning_tokens) && { key: 'reasoning', label: t('detail.reasoningTokens'), children: other.reasoning_tokens },
    Boolean(other.reasoning_effort) && { key: 'effort', label: t('detail.reasoningEffort'), children: other.reasoning_effort },
    other.is_model_mapped && other.upstream_model_name && { key: 'upstream', label: t('detail.upstreamModel'), children: other.upstream_model_name },
    Boolean(other.request_path) && { key: 'path', label: t('detail.requestPath'), children: other.request_path },
    Boolean(log.request_id) && { key: 'requestId', label: t('detail.requestId'), children: <Typography.Text copyable>{log.request_id}</Typography.Text> },
    isAdmin && other.admin_info?.use_channel?.length && { key: 'channels', label: t('detail.channels'), children: other.admin_info.use_channel.join(' → ') },
    Boolean(log.content) && { key: 'content', label: t('detail.content'), children: log.content },
    formula && { key: 'formula', label: t('detail.calculation'), children: <FormulaText f={formula} unit={unit} /> },
  ].filter((i) => Boolean(i)) as { key: string; label: string; children: ReactNode }[];
  if (items.length === 0) return <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>;
  return <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered items={items} data-testid="log-detail" />;
}

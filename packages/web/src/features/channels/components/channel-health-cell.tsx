import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelHealth, ChannelHealthOverview } from '@gw/contracts';
import { durationOf, firstByteSummaryOf, healthColor, healthStateOf, type FirstByteSummary, type HealthState } from '../channel-health';

type Rules = Pick<ChannelHealthOverview, 'processes' | 'window_seconds' | 'failure_threshold' | 'window_size'>;

function useDurationText() {
  const { t } = useTranslation('channels');
  return (ms: number) => {
    const d = durationOf(ms);
    return d.unit === 'ms' ? t('health.ms', { value: d.value }) : t('health.s', { value: d.value });
  };
}

function StateTag({ state, rules }: { state: HealthState; rules: Rules }) {
  const { t } = useTranslation('channels');
  if (state.kind === 'unknown') return null;
  const color = healthColor(state);
  if (state.kind === 'cooling') {
    const hint = [
      t('health.coolingHint', { seconds: state.seconds, threshold: rules.failure_threshold, size: rules.window_size, window: rules.window_seconds }),
      rules.processes > 1 ? t('health.coolingProcesses', { cooling: state.processes, processes: rules.processes }) : '',
    ].filter(Boolean).join(' ');
    return (
      <Tooltip title={hint}>
        <Tag color={color} data-testid="channel-health">
          {t('health.cooling', { seconds: state.seconds })}
        </Tag>
      </Tooltip>
    );
  }
  const hint = [
    t('health.servingHint', { succeeded: state.succeeded, total: state.total, window: rules.window_seconds }),
    rules.processes > 1 ? t('health.servingProcesses', { processes: rules.processes }) : '',
  ].filter(Boolean).join(' ');
  return (
    <Tooltip title={hint}>
      <Tag color={color} data-testid="channel-health">
        {state.failed > 0 ? t('health.failing', { failed: state.failed, total: state.total }) : t('health.serving', { succeeded: state.succeeded, total: state.total })}
      </Tag>
    </Tooltip>
  );
}

function FirstByteTag({ summary }: { summary: FirstByteSummary }) {
  const { t } = useTranslation('channels');
  const text = useDurationText();
  const { fastest, slowest, models } = summary;
  const label = models.length === 1 ? text(fastest.ms) : t('health.range', { from: text(fastest.ms), to: text(slowest.ms) });
  const hint = (
    <Space orientation="vertical" size={0}>
      <span>{t('health.firstByteHint')}</span>
      {models.map((m) => (
        <span key={m.model}>{t('health.firstByteModel', { model: m.model, latency: text(m.ms) })}</span>
      ))}
    </Space>
  );
  return (
    <Tooltip title={hint}>
      <Tag color={summary.color} data-testid="channel-first-byte">
        {label}
      </Tag>
    </Tooltip>
  );
}

/**
 * The Health column: a cool-down ("Cooling · 23 s"), else the recent requests ("OK · 20/20", "3/20 failed"), and the
 * average time to the first byte (one model's, or the fastest–slowest range); "—" when nothing is known.
 */
export function ChannelHealthCell({ health, rules }: { health: ChannelHealth | undefined; rules: Rules | undefined }) {
  const { t } = useTranslation('channels');
  const state = healthStateOf(health);
  const firstByte = firstByteSummaryOf(health?.first_byte_ms);
  if (!rules || (state.kind === 'unknown' && !firstByte)) {
    return (
      <Typography.Text type="secondary" data-testid="channel-health-none">
        {t('health.none')}
      </Typography.Text>
    );
  }
  return (
    <Space size={4} wrap={false}>
      <StateTag state={state} rules={rules} />
      {firstByte && <FirstByteTag summary={firstByte} />}
    </Space>
  );
}

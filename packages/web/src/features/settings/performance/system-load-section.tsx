import { Descriptions, Progress, Tag, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SystemLoad } from '@gw/contracts';
import { formatUnixTime } from '../../../lib/format';
import { OptionsSection } from '../components/options-section';
import { BoolOption, FieldGrid, GridCell, NumberOption, SwitchRow } from '../components/option-inputs';

const FIELDS = {
  'performance_setting.monitor_enabled': 'bool',
  'performance_setting.monitor_cpu_threshold': 'number',
  'performance_setting.monitor_memory_threshold': 'number',
  'performance_setting.monitor_disk_threshold': 'number',
} as const;

const RESOURCES = [
  { key: 'cpu', usage: 'cpu_usage', threshold: 'cpu_threshold', option: 'performance_setting.monitor_cpu_threshold' },
  { key: 'memory', usage: 'memory_usage', threshold: 'memory_threshold', option: 'performance_setting.monitor_memory_threshold' },
  { key: 'disk', usage: 'disk_usage', threshold: 'disk_threshold', option: 'performance_setting.monitor_disk_threshold' },
] as const;

/** One usage bar: red once above the threshold (whole percent, as the server judges it). */
function UsageBar({ usage, threshold }: { usage: number | null; threshold: number }) {
  const { t } = useTranslation('performance');
  if (usage === null) return <span>{t('systemLoad.noFigure')}</span>;
  const over = threshold > 0 && Math.trunc(usage) > threshold;
  return <Progress percent={usage} status={over ? 'exception' : 'normal'} format={(p) => `${p}%`} style={{ maxWidth: 320 }} />;
}

/**
 * new-api's system performance check: relay requests get a 503 while the machine's CPU, memory or data
 * disk is above its threshold. The thresholds are options; the figures are the answering process's
 * latest sample.
 */
export function SystemLoadSection({ options, load }: { options: Record<string, string>; load: SystemLoad | undefined }) {
  const { t, i18n } = useTranslation('performance');
  const figures: DescriptionsProps['items'] = load
    ? [
        ...RESOURCES.map((r) => ({
          key: r.key,
          label: t(`systemLoad.${r.key}Usage`),
          children: <UsageBar usage={load[r.usage]} threshold={load[r.threshold]} />,
        })),
        {
          key: 'verdict',
          label: t('systemLoad.verdict'),
          children: !load.monitor_enabled ? (
            <Tag>{t('systemLoad.off')}</Tag>
          ) : load.overloaded ? (
            <Tag color="red">{t(`systemLoad.codes.${load.overloaded}`)}</Tag>
          ) : (
            <Tag color="green">{t('systemLoad.serving')}</Tag>
          ),
        },
        { key: 'sampled', label: t('systemLoad.sampledAt'), children: load.sampled_at === null ? t('systemLoad.noFigure') : formatUnixTime(load.sampled_at, i18n.language) },
      ]
    : [];
  return (
    <OptionsSection title={t('systemLoad.title')} fields={FIELDS} options={options} testId="performance-system-load">
      {load && <Descriptions size="small" column={1} items={figures} style={{ marginBottom: 16 }} data-testid="performance-system-load-figures" />}
      <SwitchRow>
        <BoolOption name="performance_setting.monitor_enabled" label={t('systemLoad.enabled')} help={t('systemLoad.enabledHelp')} />
      </SwitchRow>
      <FieldGrid>
        {RESOURCES.map((r) => (
          <GridCell key={r.key}>
            <NumberOption name={r.option} label={t(`systemLoad.${r.key}Threshold`)} help={t('systemLoad.thresholdHelp')} min={0} max={100} required />
          </GridCell>
        ))}
      </FieldGrid>
    </OptionsSection>
  );
}

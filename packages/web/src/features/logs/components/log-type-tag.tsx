import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOG_TYPE_FILTER_CHOICES, logTypeLabelOf, type LogTypeLabel } from '../log-type';

const TAG_COLORS: Record<LogTypeLabel, string | undefined> = {
  topUp: 'cyan',
  consume: 'green',
  manage: 'orange',
  system: 'purple',
  activity: 'blue',
  error: 'red',
  refund: 'gold',
  unknown: undefined,
};

/** Log types for the filter select: every type, then each named type (spec 3 §4). */
export function useLogTypeOptions() {
  const { t } = useTranslation('logs');
  return [
    { value: '0', label: t('types.all') },
    ...LOG_TYPE_FILTER_CHOICES.map((choice) => ({ value: String(choice.value), label: t(`types.${choice.label}`) })),
  ];
}

export function LogTypeTag({ log }: { log: { type: number; other?: string | null } }) {
  const { t } = useTranslation('logs');
  const label = logTypeLabelOf(log);
  return <Tag color={TAG_COLORS[label]}>{t(`types.${label}`)}</Tag>;
}

import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LogType } from '@gw/contracts';

const TYPES = [
  { value: LogType.TopUp, key: 'topUp', color: 'cyan' },
  { value: LogType.Consume, key: 'consume', color: 'green' },
  { value: LogType.Manage, key: 'manage', color: 'orange' },
  { value: LogType.System, key: 'system', color: 'purple' },
  { value: LogType.Error, key: 'error', color: 'red' },
  { value: LogType.Refund, key: 'refund', color: 'gold' },
] as const;

/** Log types for the filter select: every type, then each named type (spec 3 §4). */
export function useLogTypeOptions() {
  const { t } = useTranslation('logs');
  return [{ value: '0', label: t('types.all') }, ...TYPES.map((ty) => ({ value: String(ty.value), label: t(`types.${ty.key}`) }))];
}

export function LogTypeTag({ type }: { type: number }) {
  const { t } = useTranslation('logs');
  const known = TYPES.find((ty) => ty.value === type);
  return known ? <Tag color={known.color}>{t(`types.${known.key}`)}</Tag> : <Tag>{t('types.unknown')}</Tag>;
}

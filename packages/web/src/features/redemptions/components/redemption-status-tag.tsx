import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RedemptionStatus } from '@gw/contracts';

/** Spec 3 §4: 1 unused, 2 disabled, 3 used. */
export function RedemptionStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('redemptions');
  if (status === RedemptionStatus.Enabled) return <Tag color="green">{t('status.unused')}</Tag>;
  if (status === RedemptionStatus.Disabled) return <Tag color="red">{t('status.disabled')}</Tag>;
  if (status === RedemptionStatus.Used) return <Tag color="default">{t('status.used')}</Tag>;
  return <Tag>{t('status.unknown')}</Tag>;
}

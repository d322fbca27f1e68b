import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { MultiKeyStatus } from '@gw/contracts';

/** One key's status: enabled, disabled by hand, or disabled automatically (by the relay after failures). */
export function KeyStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('channels');
  if (status === MultiKeyStatus.Enabled) return <Tag color="green">{t('multiKey.enabled')}</Tag>;
  if (status === MultiKeyStatus.ManuallyDisabled) return <Tag color="red">{t('multiKey.manualDisabled')}</Tag>;
  if (status === MultiKeyStatus.AutoDisabled) return <Tag color="gold">{t('multiKey.autoDisabled')}</Tag>;
  return <Tag>{t('status.unknown')}</Tag>;
}

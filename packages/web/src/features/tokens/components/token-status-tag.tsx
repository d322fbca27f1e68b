import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TokenStatus } from '@gw/contracts';

/** Spec 3 §4: 1 enabled, 2 disabled, 3 expired, 4 exhausted. */
export function TokenStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('tokens');
  switch (status) {
    case TokenStatus.Enabled:
      return <Tag color="green">{t('status.enabled')}</Tag>;
    case TokenStatus.Disabled:
      return <Tag color="red">{t('status.disabled')}</Tag>;
    case TokenStatus.Expired:
      return <Tag color="gold">{t('status.expired')}</Tag>;
    case TokenStatus.Exhausted:
      return <Tag color="orange">{t('status.exhausted')}</Tag>;
    default:
      return <Tag>{t('status.unknown')}</Tag>;
  }
}

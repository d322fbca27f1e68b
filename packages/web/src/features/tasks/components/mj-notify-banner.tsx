import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../status/api/status.queries';

/** Administrators are told when Midjourney callbacks (MjNotifyEnabled) are off (spec 3 §2.6). */
export function MjNotifyBanner({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('tasks');
  const { status } = useSiteStatus();
  if (!isAdmin || status.mj_notify_enabled === true) return null;
  return <Alert type="info" showIcon title={t('drawing.notifyOff')} data-testid="mj-notify-banner" />;
}

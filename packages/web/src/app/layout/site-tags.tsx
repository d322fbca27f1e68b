import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SiteStatus } from '../../features/status/api/site-status';

/** "Self-use mode" / "demo site" badge from the status flags (spec 1 §2.4). */
export function SiteTags({ status }: { status: SiteStatus }) {
  const { t } = useTranslation('layout');
  if (status.self_use_mode_enabled) return <Tag color="purple">{t('tags.selfUse')}</Tag>;
  if (status.demo_site_enabled) return <Tag color="orange">{t('tags.demo')}</Tag>;
  return null;
}

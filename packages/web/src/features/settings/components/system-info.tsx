import { Card, Descriptions } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../status/api/status.queries';

/** The running server's version and start time (GET /api/status). */
export function SystemInfo() {
  const { t } = useTranslation('settings');
  const { status } = useSiteStatus();
  const started = status.start_time ? dayjs.unix(status.start_time) : null;
  return (
    <Card title={t('other.systemInfo')} data-testid="settings-system-info">
      <Descriptions
        column={1}
        items={[
          { key: 'version', label: t('other.version'), children: status.version || '-' },
          { key: 'start', label: t('other.startTime'), children: started ? started.format('YYYY-MM-DD HH:mm:ss') : '-' },
        ]}
      />
    </Card>
  );
}

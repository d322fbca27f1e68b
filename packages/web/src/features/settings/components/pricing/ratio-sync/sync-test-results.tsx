import { Card, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RatioSyncTestResult } from '@gw/contracts';

/** How each upstream answered: fetched, or why it could not be read. */
export function SyncTestResults({ results }: { results: RatioSyncTestResult[] }) {
  const { t } = useTranslation('ratioSync');
  return (
    <Card size="small" title={t('results.title')} data-testid="ratio-sync-results">
      <List
        size="small"
        dataSource={results}
        renderItem={(r) => (
          <List.Item>
            <Typography.Text strong>{r.name}</Typography.Text>
            {r.status === 'success' ? <Tag color="green">{t('results.success')}</Tag> : <Tag color="red">{t('results.failed', { error: r.error ?? '' })}</Tag>}
          </List.Item>
        )}
      />
    </Card>
  );
}

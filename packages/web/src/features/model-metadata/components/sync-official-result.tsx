import { Alert, Button, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SyncResult } from '@gw/contracts';
import { syncResultSummary } from '../model-meta-sync';

function NameList({ names, testId }: { names: string[]; testId: string }) {
  const { t } = useTranslation('modelMetadata');
  if (names.length === 0) return <Typography.Text type="secondary">{t('sync.result.none')}</Typography.Text>;
  return (
    <Flex wrap gap={4} style={{ maxHeight: 160, overflowY: 'auto' }} data-testid={testId}>
      {names.map((name) => (
        <Tag key={name} style={{ marginInlineEnd: 0 }}>
          {name}
        </Tag>
      ))}
    </Flex>
  );
}

interface SyncOfficialResultProps {
  result: SyncResult;
  onBack: () => void;
  onClose: () => void;
}

/** What a sync did: the models it created and updated, how many vendors it created, the models it skipped. */
export function SyncOfficialResult({ result, onBack, onClose }: SyncOfficialResultProps) {
  const { t } = useTranslation('modelMetadata');
  const summary = syncResultSummary(result);
  return (
    <Flex vertical gap={16} data-testid="model-meta-sync-result">
      <Alert type="success" showIcon title={summary.unchanged ? t('sync.result.unchanged') : t('sync.result.done')} />
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'created',
            label: t('sync.result.createdModels', { count: summary.created.length }),
            children: <NameList names={summary.created} testId="model-meta-sync-created" />,
          },
          {
            key: 'vendors',
            label: t('sync.result.createdVendors'),
            children: <span data-testid="model-meta-sync-created-vendors">{summary.createdVendors}</span>,
          },
          {
            key: 'updated',
            label: t('sync.result.updatedModels', { count: summary.updated.length }),
            children: <NameList names={summary.updated} testId="model-meta-sync-updated" />,
          },
          {
            key: 'skipped',
            label: t('sync.result.skippedModels', { count: summary.skipped.length }),
            children: (
              <Flex vertical gap={4}>
                <NameList names={summary.skipped} testId="model-meta-sync-skipped" />
                {summary.skipped.length > 0 && <Typography.Text type="secondary">{t('sync.result.skippedHint')}</Typography.Text>}
              </Flex>
            ),
          },
        ]}
      />
      <Flex justify="end" gap={8}>
        <Button onClick={onBack}>{t('sync.result.back')}</Button>
        <Button type="primary" onClick={onClose}>
          {t('sync.result.close')}
        </Button>
      </Flex>
    </Flex>
  );
}

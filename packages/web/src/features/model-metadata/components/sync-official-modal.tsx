import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Modal, Select, Spin, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SyncResult } from '@gw/contracts';
import { fitScreen } from '../../../components/responsive';
import { modelMetaQueries, useSyncOfficial } from '../api/model-metadata.queries';
import {
  canSync, checkedCountOf, conflictRowsOf, overwriteOf, SYNC_LOCALE_CHOICES, SYNC_LOCALE_LABEL_KEYS, type SyncLocaleChoice,
} from '../model-meta-sync';
import { SyncConflictsTable } from './sync-conflicts-table';
import { SyncOfficialResult } from './sync-official-result';

/** The served models without metadata that the sync will create. */
function MissingList({ names }: { names: string[] }) {
  const { t } = useTranslation('modelMetadata');
  return (
    <Flex vertical gap={8} data-testid="model-meta-sync-missing">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('sync.missing.title', { count: names.length })}
      </Typography.Title>
      {names.length === 0 ? (
        <Typography.Text type="secondary">{t('sync.missing.none')}</Typography.Text>
      ) : (
        <Flex wrap gap={4} style={{ maxHeight: 160, overflowY: 'auto' }}>
          {names.map((name) => (
            <Tag key={name} color="green" style={{ marginInlineEnd: 0 }}>
              {name}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

/** The dialog's body: mounted while it is open, so each opening starts from the default list with nothing ticked. */
function SyncOfficialBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('modelMetadata');
  const [locale, setLocale] = useState<SyncLocaleChoice>('');
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [result, setResult] = useState<SyncResult | null>(null);
  const preview = useQuery(modelMetaQueries.syncPreview(locale));
  const sync = useSyncOfficial();
  const rows = useMemo(() => conflictRowsOf(preview.data?.conflicts), [preview.data]);

  if (result) return <SyncOfficialResult result={result} onBack={() => setResult(null)} onClose={onClose} />;

  const submit = () =>
    sync.mutate(
      { locale, overwrite: overwriteOf(rows, checked) },
      {
        onSuccess: (done) => {
          setChecked(new Set());
          setResult(done);
        },
      },
    );

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('sync.hint')}</Typography.Text>
      <Flex wrap gap={8} align="center">
        <Select<SyncLocaleChoice>
          aria-label={t('sync.locale')}
          value={locale}
          onChange={(next) => {
            setLocale(next);
            setChecked(new Set());
          }}
          options={SYNC_LOCALE_CHOICES.map((value) => ({ value, label: t(`sync.locales.${SYNC_LOCALE_LABEL_KEYS[value]}`) }))}
          style={{ width: 180 }}
          data-testid="model-meta-sync-locale"
        />
        <Button icon={<ReloadOutlined />} loading={preview.isFetching} onClick={() => void preview.refetch()}>
          {t('sync.reload')}
        </Button>
      </Flex>
      {preview.data && (
        <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }} data-testid="model-meta-sync-source">
          {t('sync.source')}: {preview.data.source.models_url}
        </Typography.Text>
      )}
      {preview.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('sync.failed')}
          description={preview.error.message}
          action={
            <Button size="small" loading={preview.isFetching} onClick={() => void preview.refetch()}>
              {t('sync.retry')}
            </Button>
          }
          data-testid="model-meta-sync-error"
        />
      ) : preview.isPending ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (
        <>
          <MissingList names={preview.data.missing} />
          <SyncConflictsTable rows={rows} checked={checked} onCheckedChange={setChecked} loading={preview.isFetching} />
        </>
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('sync.cancel')}</Button>
        <Button
          type="primary"
          loading={sync.isPending}
          disabled={preview.isError || !canSync(preview.data, checkedCountOf(rows, checked))}
          onClick={submit}
          data-testid="model-meta-sync-submit"
        >
          {t('sync.submit')}
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * Sync with the official model metadata (new-api's "sync upstream"): preview what the official list of a
 * locale would create and where it differs, tick the fields to overwrite, sync, then see what was done.
 */
export function SyncOfficialModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('modelMetadata');
  return (
    <Modal open={open} title={t('sync.title')} onCancel={onClose} footer={null} width={fitScreen(900)} destroyOnHidden data-testid="model-meta-sync-modal">
      <SyncOfficialBody onClose={onClose} />
    </Modal>
  );
}

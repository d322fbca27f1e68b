import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KeyWriter } from './use-key-write';

interface KeyBulkActionsProps {
  writer: KeyWriter;
  enabled: number;
  disabled: number;
}

/** Enable all; disable all and delete the disabled keys after a confirmation (they stop or remove keys). */
export function KeyBulkActions({ writer: { run, pending }, enabled, disabled }: KeyBulkActionsProps) {
  const { t } = useTranslation('channels');
  const isRunning = (action: string) => pending?.action === action;
  return (
    <Space wrap>
      <Button loading={isRunning('enable_all_keys')} disabled={disabled === 0} onClick={() => void run('enable_all_keys')}>
        {t('multiKey.enableAll')}
      </Button>
      <Popconfirm
        title={t('multiKey.disableAllTitle')}
        description={t('multiKey.disableAllConfirm')}
        okText={t('multiKey.disableAll')}
        okButtonProps={{ danger: true }}
        cancelText={t('multiKey.cancel')}
        onConfirm={() => run('disable_all_keys')}
      >
        <Button danger loading={isRunning('disable_all_keys')} disabled={enabled === 0}>
          {t('multiKey.disableAll')}
        </Button>
      </Popconfirm>
      <Popconfirm
        title={t('multiKey.deleteDisabledTitle')}
        description={t('multiKey.deleteDisabledConfirm')}
        okText={t('multiKey.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('multiKey.cancel')}
        onConfirm={() => run('delete_disabled_keys')}
      >
        <Button danger loading={isRunning('delete_disabled_keys')} disabled={disabled === 0}>
          {t('multiKey.deleteDisabled')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

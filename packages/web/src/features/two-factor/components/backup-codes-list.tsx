import { Button, Flex, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../components/copy/use-copy-text';

/** Backup codes, shown once: each works a single time instead of an authenticator code. */
export function BackupCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('twoFactor');
  const copy = useCopyText();
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('backup.hint')}</Typography.Text>
      <pre data-testid="backup-codes" style={{ margin: 0, columns: 2, fontFamily: 'monospace' }}>
        {codes.join('\n')}
      </pre>
      <Button icon={<CopyOutlined />} onClick={() => void copy(codes.join('\n'), t('backup.copied'))} style={{ alignSelf: 'flex-start' }}>
        {t('backup.copy')}
      </Button>
    </Flex>
  );
}

import { Button, Input, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '../../../components/copy/use-copy-text';
import { fitScreen } from '../../../components/responsive';

/** The codes a create call returned, one per line, with copy-all. */
export function CreatedCodesModal({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useTranslation('redemptions');
  const copy = useCopyText();
  const text = (codes ?? []).join('\n');
  return (
    <Modal
      open={codes !== null}
      title={t('created.title', { count: codes?.length ?? 0 })}
      onCancel={onClose}
      width={fitScreen(560)}
      footer={[
        <Button key="copy" type="primary" icon={<CopyOutlined />} onClick={() => void copy(text, t('created.copied'))}>
          {t('created.copyAll')}
        </Button>,
        <Button key="close" onClick={onClose}>
          {t('created.close')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('created.hint')}</Typography.Paragraph>
      <Input.TextArea readOnly value={text} autoSize={{ minRows: 2, maxRows: 14 }} data-testid="created-codes" />
    </Modal>
  );
}

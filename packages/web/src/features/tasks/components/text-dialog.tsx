import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What the detail dialog shows: a long text (prompt, fail reason) or a whole record as JSON. */
export interface TextDialogContent {
  title: string;
  text: string;
  /** Monospace, for JSON. */
  code?: boolean;
}

/** The full text behind an ellipsised cell (spec 3 §2.6 fail reason, §2.7 full record as JSON). */
export function TextDialog({ content, onClose }: { content: TextDialogContent | null; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  return (
    <Modal
      open={content !== null}
      title={content?.title}
      onCancel={onClose}
      destroyOnHidden
      width={content?.code ? 720 : 560}
      footer={<Button onClick={onClose}>{t('dialogs.close')}</Button>}
    >
      {content && (
        <Typography.Paragraph copyable={{ text: content.text }} style={{ marginBottom: 0 }}>
          <span
            data-testid="task-text-dialog"
            style={{
              display: 'block',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              maxHeight: '60vh',
              overflow: 'auto',
              fontFamily: content.code ? 'monospace' : undefined,
            }}
          >
            {content.text}
          </span>
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

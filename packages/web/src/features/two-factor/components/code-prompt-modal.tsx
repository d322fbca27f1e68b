import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface CodePromptModalProps {
  open: boolean;
  title: string;
  hint: string;
  confirming: boolean;
  danger?: boolean;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}

/** Asks for a current authenticator code (or backup code) before a sensitive change. */
export function CodePromptModal({ open, title, hint, confirming, danger, onConfirm, onCancel }: CodePromptModalProps) {
  const { t } = useTranslation('twoFactor');
  const [code, setCode] = useState('');
  const submit = () => code.trim() && onConfirm(code.trim());
  return (
    <Modal
      open={open}
      title={title}
      okText={t('actions.confirm')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger, disabled: !code.trim(), loading: confirming }}
      onOk={submit}
      onCancel={onCancel}
      afterClose={() => setCode('')}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <Input value={code} onChange={(e) => setCode(e.target.value)} onPressEnter={submit} autoFocus autoComplete="one-time-code" aria-label={t('code.label')} placeholder={t('code.placeholder')} />
    </Modal>
  );
}

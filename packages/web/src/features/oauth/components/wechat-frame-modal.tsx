import { useEffect } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFrameMessage, type FrameMessage } from '../oauth-providers';

interface WeChatFrameModalProps {
  open: boolean;
  /** /api/oauth/wechat?… (sign-in) or /api/oauth/wechat/bind (binding). */
  src: string;
  onClose: () => void;
  /** The frame's report: the end of a binding, or a sign-in that needs the second factor. */
  onMessage?: (message: FrameMessage) => void;
}

/** The WeChat QR code in an embedded frame (spec 1 §2.6); the server's pages inside finish the flow. */
export function WeChatFrameModal({ open, src, onClose, onMessage }: WeChatFrameModalProps) {
  const { t } = useTranslation('oauth');
  useEffect(() => {
    if (!open || !onMessage) return;
    const listen = (e: MessageEvent) => {
      if (e.origin === window.location.origin && isFrameMessage(e.data)) onMessage(e.data);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [open, onMessage]);

  return (
    <Modal open={open} title={t('wechat.title')} footer={null} onCancel={onClose} destroyOnHidden width={360}>
      {open && <iframe title={t('wechat.title')} src={src} style={{ border: 0, width: '100%', height: 420 }} data-testid="wechat-frame" />}
    </Modal>
  );
}

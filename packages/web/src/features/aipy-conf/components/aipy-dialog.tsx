import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { fitScreen } from '../../../components/responsive';

/**
 * The frame of the aipy-conf add/edit dialogs: Save submits the form, Cancel closes. Rendered while
 * closed (forceRender) so the form instance is connected before the dialog first opens.
 */
export function AipyDialog({ open, title, form, saving, onClose, width = 720, children }: {
  open: boolean;
  title: string;
  form: { submit(): void };
  saving: boolean;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('aipyConf');
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('dialog.save')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ loading: saving }}
      width={fitScreen(width)}
      forceRender
    >
      {children}
    </Modal>
  );
}

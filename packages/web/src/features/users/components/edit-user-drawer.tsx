import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditUserForm } from './edit-user-form';

/** The edit-user side panel on the user screen. */
export function EditUserDrawer({ open, userId, onClose }: { open: boolean; userId?: number; onClose: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Drawer title={t('edit.title')} open={open} onClose={onClose} destroyOnHidden size={480}>
      {open && <EditUserForm userId={userId} onDone={onClose} />}
    </Drawer>
  );
}

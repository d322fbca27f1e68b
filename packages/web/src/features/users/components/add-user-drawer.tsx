import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DISPLAY_NAME_MAX, PASSWORD_MIN } from '@gw/contracts';
import { FormDrawer } from '../../../components/form/form-drawer';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateUser } from '../api/users.queries';

interface AddUserValues {
  username?: string;
  display_name?: string;
  password?: string;
}

/** Add-user side panel: username, display name, password (spec 1 §2.8). */
export function AddUserDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<AddUserValues>();
  const create = useCreateUser();

  const submit = (v: AddUserValues) => {
    const username = v.username?.trim() ?? '';
    const password = v.password ?? '';
    if (!username || !password) return notifyError(t('add.emptyFields'));
    create.mutate(
      { username, password, display_name: v.display_name?.trim() || username },
      {
        onSuccess: () => {
          notifySuccess(t('add.success'));
          form.resetFields();
          onClose();
        },
      },
    );
  };

  return (
    <FormDrawer
      title={t('add.title')}
      open={open}
      destroyOnHidden
      onClose={onClose}
      cancelLabel={t('form.cancel')}
      submitLabel={t('add.submit')}
      submitting={create.isPending}
      onSubmit={() => form.submit()}
      submitTestId="add-user-submit"
    >
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
        <Form.Item name="username" label={t('form.username')}>
          <Input placeholder={t('form.usernamePlaceholder')} />
        </Form.Item>
        <Form.Item name="display_name" label={t('form.displayName')}>
          <Input maxLength={DISPLAY_NAME_MAX} placeholder={t('form.displayNamePlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('form.password')}>
          <Input.Password autoComplete="new-password" placeholder={t('form.passwordPlaceholder', { min: PASSWORD_MIN })} />
        </Form.Item>
      </Form>
    </FormDrawer>
  );
}

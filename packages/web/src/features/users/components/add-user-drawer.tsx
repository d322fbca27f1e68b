import { Button, Drawer, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DISPLAY_NAME_MAX, PASSWORD_MIN } from '@gw/contracts';
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
    <Drawer
      title={t('add.title')}
      open={open}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()} data-testid="add-user-submit">
            {t('add.submit')}
          </Button>
        </Space>
      }
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
    </Drawer>
  );
}

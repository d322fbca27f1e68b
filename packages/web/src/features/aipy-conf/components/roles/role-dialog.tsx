import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_CONTENT_REQUIRED, ROLE_NAME_REQUIRED, type AiRoleView } from '@gw/contracts';
import { notifySuccess } from '../../../../lib/notify';
import { useCreateRole, useUpdateRole } from '../../api/aipy-conf.queries';
import { newRoleValues, roleToValues, valuesToRoleBody, type RoleFormValues } from '../../role-form';
import { AipyDialog } from '../aipy-dialog';

/**
 * Add or edit an assistant role (spec 3 §2.17): a name and the content written in TOML. The server turns
 * the TOML into JSON; bad TOML comes back as 角色格式不正确 and the dialog stays open.
 */
export function RoleDialog({ open, role, onClose }: { open: boolean; role: AiRoleView | null; onClose: () => void }) {
  const { t } = useTranslation('aipyConf');
  const [form] = Form.useForm<RoleFormValues>();
  const create = useCreateRole();
  const update = useUpdateRole();

  useEffect(() => {
    if (open) form.setFieldsValue(role ? roleToValues(role) : newRoleValues());
  }, [open, role, form]);

  const submit = (values: RoleFormValues) => {
    const body = valuesToRoleBody(values, role);
    const done = (message: string) => () => {
      notifySuccess(message);
      onClose();
    };
    if (role) return update.mutate({ id: role.id, body }, { onSuccess: done(t('messages.updated')) });
    create.mutate(body, { onSuccess: done(t('messages.added')) });
  };

  return (
    <AipyDialog open={open} title={role ? t('roles.editTitle') : t('roles.addTitle')} form={form} saving={create.isPending || update.isPending} onClose={onClose}>
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" initialValues={newRoleValues()}>
        <Form.Item name="role_name" label={t('roles.fields.name')} rules={[{ required: true, whitespace: true, message: ROLE_NAME_REQUIRED }]}>
          <Input />
        </Form.Item>
        <Form.Item name="role" label={t('roles.fields.content')} extra={t('roles.contentHelp')} rules={[{ required: true, whitespace: true, message: ROLE_CONTENT_REQUIRED }]}>
          <Input.TextArea autoSize={{ minRows: 10, maxRows: 30 }} spellCheck={false} style={{ fontFamily: 'monospace' }} placeholder={'name = "translator"\n\n[prompt]\nsystem = "..."'} />
        </Form.Item>
      </Form>
    </AipyDialog>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Button, Form, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UpdateSelfBody, UpdateUserBody } from '@gw/contracts';
import { PageSpinner } from '../../../components/page-spinner';
import { issuesToFields } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useRoles } from '../../../lib/session';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { userQueries, useUpdateUser } from '../api/users.queries';
import { userToValues, valuesToSelfBody, valuesToUpdateBody, type EditUserValues } from '../user-form';
import { AccountFields, AdminOnlyFields } from './edit-user-fields';
import { UserSecuritySection } from './user-security-section';

/**
 * The edit-user panel (spec 1 §2.8): a user by id (administrator editing another user, with group, quota add,
 * remarks and the spending limit per period) or the signed-in user when there is no id (those hidden).
 */
export function EditUserForm({ userId, onDone }: { userId?: number; onDone?: () => void }) {
  const { t } = useTranslation('users');
  const { user: me } = useRoles();
  const target = userId === undefined || userId === me?.id ? 'self' : userId;
  const editingOther = target !== 'self';
  const query = useQuery(userQueries.detail(target));
  const update = useUpdateUser();
  const formatQuota = useQuotaFormatter();
  const [form] = Form.useForm<EditUserValues>();
  // Filled once, from a fresh read: a cached copy being refreshed (after an action on the user) waits for
  // the refresh, and no later refresh overwrites what is being typed.
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    if (filled || !query.data || query.isFetching) return;
    form.setFieldsValue(userToValues(query.data));
    setFilled(true);
  }, [query.data, query.isFetching, filled, form]);

  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <Alert type="error" showIcon title={query.error.message} />;

  const submit = (v: EditUserValues) => {
    const parsed = editingOther ? UpdateUserBody.safeParse(valuesToUpdateBody(target, v)) : UpdateSelfBody.safeParse(valuesToSelfBody(v));
    if (!parsed.success) return form.setFields(issuesToFields<EditUserValues>(parsed.error, 'username'));
    const body = editingOther ? { kind: 'admin' as const, data: parsed.data as UpdateUserBody } : { kind: 'self' as const, data: parsed.data as UpdateSelfBody };
    update.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('edit.success'));
        form.setFieldsValue({ password: '', original_password: '', add_quota: null });
        onDone?.();
      },
    });
  };

  return (
    <Spin spinning={!filled}>
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off">
        <AccountFields usernameEditable={editingOther} askOriginalPassword={!editingOther} />
        {editingOther && <AdminOnlyFields currentQuota={formatQuota(query.data.quota)} />}
        {editingOther && <UserSecuritySection user={query.data} />}
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="edit-user-submit">
          {t('edit.submit')}
        </Button>
      </Form>
    </Spin>
  );
}

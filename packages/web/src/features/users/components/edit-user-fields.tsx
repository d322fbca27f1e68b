import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISPLAY_NAME_MAX, PASSWORD_MIN, REMARKS_MAX, USERNAME_MAX } from '@gw/contracts';
import { SpendingLimitFields } from '../../../components/spending-limit/spending-limit-fields';
import { groupQueries } from '../../groups/api/groups.queries';
import { useQuotaFormatter } from '../../status/use-quota-formatter';

/**
 * Fields shown only when an administrator edits another user: group, quota add, the spending limit per period
 * (for all of the user's keys together), remarks.
 */
export function AdminOnlyFields({ currentQuota }: { currentQuota: string }) {
  const { t } = useTranslation('users');
  const groups = useQuery(groupQueries.names());
  const formatQuota = useQuotaFormatter();
  const addQuota = Form.useWatch<number | null | undefined>('add_quota', Form.useFormInstance());
  return (
    <>
      <Form.Item name="group" label={t('form.group')}>
        <Select options={(groups.data ?? []).map((g) => ({ value: g, label: g }))} loading={groups.isLoading} />
      </Form.Item>
      <Form.Item label={t('form.quota')}>
        <Typography.Text>{currentQuota}</Typography.Text>
      </Form.Item>
      <Form.Item name="add_quota" label={t('form.addQuota')} extra={typeof addQuota === 'number' && addQuota !== 0 ? t('form.addQuotaEquals', { amount: formatQuota(addQuota) }) : t('form.addQuotaHelp')}>
        <InputNumber precision={0} step={500000} style={{ width: '100%' }} placeholder="0" />
      </Form.Item>
      <SpendingLimitFields help={t('form.budgetPeriodHelp')} formatQuota={formatQuota} />
      <Form.Item name="remarks" label={t('form.remarks')}>
        <Input.TextArea rows={3} maxLength={REMARKS_MAX} showCount />
      </Form.Item>
    </>
  );
}

/** Name and password fields shared by self and admin editing; the password is never pre-filled. */
export function AccountFields({ usernameEditable, askOriginalPassword }: { usernameEditable: boolean; askOriginalPassword: boolean }) {
  const { t } = useTranslation('users');
  return (
    <>
      <Form.Item name="username" label={t('form.username')} rules={[{ required: usernameEditable, whitespace: true, message: t('form.usernameRequired') }, { max: USERNAME_MAX, message: t('form.usernameTooLong', { max: USERNAME_MAX }) }]}>
        <Input disabled={!usernameEditable} />
      </Form.Item>
      <Form.Item name="display_name" label={t('form.displayName')}>
        <Input maxLength={DISPLAY_NAME_MAX} placeholder={t('form.displayNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="password" label={t('form.password')} rules={[{ min: PASSWORD_MIN, message: t('form.passwordTooShort', { min: PASSWORD_MIN }) }]}>
        <Input.Password autoComplete="new-password" placeholder={t('form.passwordPlaceholder', { min: PASSWORD_MIN })} />
      </Form.Item>
      {askOriginalPassword && (
        <Form.Item name="original_password" label={t('form.originalPassword')} extra={t('form.originalPasswordHelp')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
    </>
  );
}

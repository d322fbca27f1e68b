import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUTO_GROUP, CreateTokenBody, TOKEN_NAME_MAX, UpdateTokenBody, type TokenView } from '@gw/contracts';
import { FormDrawer } from '../../../components/form/form-drawer';
import { SpendingLimitFields } from '../../../components/spending-limit/spending-limit-fields';
import { fitScreen } from '../../../components/responsive';
import { issuesToFields } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSiteStatus } from '../../status/api/status.queries';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import { tokenQueries, useCreateTokens, useUpdateToken } from '../api/tokens.queries';
import { newTokenValues, tokenToValues, valuesToBody, type TokenFormValues } from '../token-form';
import { TokenLimitFields } from './token-limit-fields';
import { TokenRateLimitFields } from './token-rate-limit-fields';
import { TokenCountField, TokenQuotaFields } from './token-quota-fields';

interface TokenFormDrawerProps {
  open: boolean;
  /** null: create a new token (or a batch). */
  token: TokenView | null;
  onClose: () => void;
}

/** The token editor (spec 3 §2.2): one drawer for create and edit; the contract schema checks the body. */
export function TokenFormDrawer({ open, token, onClose }: TokenFormDrawerProps) {
  const { t } = useTranslation('tokens');
  const [form] = Form.useForm<TokenFormValues>();
  const create = useCreateTokens();
  const update = useUpdateToken();
  const isEdit = token !== null;
  const formatQuota = useQuotaFormatter();
  // New keys start in `auto` when the site says so (DefaultUseAutoGroup) and auto is offered to this user.
  const { status } = useSiteStatus();
  const groups = useQuery(tokenQueries.selfGroups());
  const defaultGroup = status.default_use_auto_group && groups.data && AUTO_GROUP in groups.data ? AUTO_GROUP : '';

  useEffect(() => {
    if (open) form.setFieldsValue(token ? tokenToValues(token) : newTokenValues());
  }, [open, token, form]);
  // Known once the status and the groups have loaded; a group the user already picked stays.
  useEffect(() => {
    if (open && !token && defaultGroup && !form.isFieldTouched('group')) form.setFieldValue('group', defaultGroup);
  }, [open, token, form, defaultGroup]);

  const submit = (values: TokenFormValues) => {
    const body = valuesToBody(values);
    if (isEdit) {
      const { count: _count, ...fields } = body;
      const parsed = UpdateTokenBody.safeParse({ id: token.id, ...fields });
      if (!parsed.success) return form.setFields(issuesToFields<TokenFormValues>(parsed.error, 'name'));
      return update.mutate(parsed.data, {
        onSuccess: () => {
          notifySuccess(t('form.updated'));
          onClose();
        },
      });
    }
    const parsed = CreateTokenBody.safeParse(body);
    if (!parsed.success) return form.setFields(issuesToFields<TokenFormValues>(parsed.error, 'name'));
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        notifySuccess(t('form.created', { count: created?.length ?? parsed.data.count }));
        onClose();
      },
    });
  };

  return (
    <FormDrawer
      title={isEdit ? t('form.editTitle') : t('form.createTitle')}
      open={open}
      size={fitScreen(520)}
      forceRender
      onClose={onClose}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.submit')}
      submitting={create.isPending || update.isPending}
      onSubmit={() => form.submit()}
      submitTestId="token-submit"
    >
      <Form form={form} layout="vertical" onFinish={submit} autoComplete="off" initialValues={newTokenValues()}>
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            { max: TOKEN_NAME_MAX, message: t('form.nameTooLong', { max: TOKEN_NAME_MAX }) },
          ]}
        >
          <Input placeholder={t('form.namePlaceholder')} />
        </Form.Item>
        <TokenQuotaFields />
        <SpendingLimitFields help={t('form.budgetPeriodHelp')} formatQuota={formatQuota} />
        <TokenRateLimitFields />
        <TokenLimitFields />
        {!isEdit && <TokenCountField />}
      </Form>
    </FormDrawer>
  );
}

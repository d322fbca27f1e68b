import { useEffect } from 'react';
import { Button, Col, Drawer, Flex, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOM_OAUTH_SLUG_MAX, type CustomOAuthProviderView } from '@gw/contracts';
import { fitScreen } from '../../../../components/responsive';
import { ApiError } from '../../../../lib/api-client';
import { issuesToFields } from '../../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useSaveCustomProvider } from '../../api/custom-providers.queries';
import { callbackUrl, formToBody, providerToForm, type CustomProviderFormValues } from '../../custom-provider-form';

interface CustomProviderDrawerProps {
  /** undefined: closed; null: a new provider. */
  provider: CustomOAuthProviderView | null | undefined;
  /** The site's public origin, for the callback address to register. */
  origin: string;
  onClose: () => void;
}

/** Adds or edits one custom OAuth provider; the contract checks the fields before the server does. */
export function CustomProviderDrawer({ provider, origin, onClose }: CustomProviderDrawerProps) {
  const { t } = useTranslation('oauth');
  const [form] = Form.useForm<CustomProviderFormValues>();
  const save = useSaveCustomProvider();
  const slug = Form.useWatch('slug', form) ?? '';
  const isEdit = Boolean(provider);

  useEffect(() => {
    if (provider === undefined) return;
    form.resetFields();
    form.setFieldsValue(providerToForm(provider));
  }, [provider, form]);

  const submit = (values: CustomProviderFormValues) => {
    const check = formToBody(values, provider);
    if (!check.ok) return form.setFields(issuesToFields<CustomProviderFormValues>(check.error, 'name'));
    save.mutate(
      { id: provider?.id, body: check.body },
      {
        onSuccess: () => {
          notifySuccess(t('custom.saved'));
          onClose();
        },
        onError: (err) => {
          // The server names the field it refused (e.g. a slug another provider has).
          const field = err instanceof ApiError ? (err.data as { field?: string } | undefined)?.field : undefined;
          if (field && field in values) form.setFields([{ name: field as keyof CustomProviderFormValues, errors: [err.message] }]);
        },
      },
    );
  };

  const field = (name: keyof CustomProviderFormValues, label: string, extra?: string, placeholder?: string) => (
    <Form.Item name={name} label={label} extra={extra}>
      <Input placeholder={placeholder} autoComplete="off" />
    </Form.Item>
  );

  return (
    <Drawer
      title={provider ? t('custom.editTitle', { name: provider.name }) : t('custom.addTitle')}
      open={provider !== undefined}
      onClose={onClose}
      size={fitScreen(640)}
      forceRender
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="custom-provider-submit">
          {t('custom.save')}
        </Button>
      }
    >
      <Form form={form} name="custom-provider" layout="vertical" onFinish={submit} onFinishFailed={() => notifyError(t('custom.invalid'))} data-testid="custom-provider-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>{field('name', t('custom.name'), t('custom.nameHelp'))}</Col>
          <Col xs={24} md={12}>
            <Form.Item name="slug" label={t('custom.slug')} extra={t('custom.slugHelp', { max: CUSTOM_OAUTH_SLUG_MAX })}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" data-testid="custom-provider-callback">
          {t('custom.callback')} <Typography.Text code copyable>{callbackUrl(origin, slug.trim().toLowerCase())}</Typography.Text>
        </Typography.Paragraph>
        <Flex gap="large" wrap>
          <Form.Item name="enabled" label={t('custom.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="use_pkce" label={t('custom.usePkce')} valuePropName="checked" extra={t('custom.usePkceHelp')}>
            <Switch />
          </Form.Item>
        </Flex>
        <Row gutter={16}>
          <Col xs={24} md={12}>{field('client_id', t('custom.clientId'))}</Col>
          <Col xs={24} md={12}>
            <Form.Item name="client_secret" label={t('custom.clientSecret')} extra={isEdit && provider?.client_secret_set ? t('custom.secretKept') : t('custom.secretHelp')}>
              <Input.Password autoComplete="new-password" placeholder={isEdit && provider?.client_secret_set ? t('custom.secretSaved') : ''} />
            </Form.Item>
          </Col>
        </Row>
        {field('authorization_endpoint', t('custom.authorizationEndpoint'), undefined, 'https://…/oauth/authorize')}
        {field('token_endpoint', t('custom.tokenEndpoint'), undefined, 'https://…/oauth/token')}
        {field('user_info_endpoint', t('custom.userInfoEndpoint'), undefined, 'https://…/userinfo')}
        <Row gutter={16}>
          <Col xs={24} md={12}>{field('scopes', t('custom.scopes'), t('custom.scopesHelp'))}</Col>
          <Col xs={24} md={12}>
            <Form.Item name="auth_style" label={t('custom.authStyle')}>
              <Select
                options={[
                  { value: 0, label: t('custom.authStyles.auto') },
                  { value: 1, label: t('custom.authStyles.params') },
                  { value: 2, label: t('custom.authStyles.header') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('custom.fieldsTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('custom.fieldsHelp')}</Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={12}>{field('user_id_field', t('custom.userIdField'))}</Col>
          <Col xs={24} md={12}>{field('username_field', t('custom.usernameField'))}</Col>
          <Col xs={24} md={12}>{field('display_name_field', t('custom.displayNameField'))}</Col>
          <Col xs={24} md={12}>{field('email_field', t('custom.emailField'))}</Col>
        </Row>
      </Form>
    </Drawer>
  );
}

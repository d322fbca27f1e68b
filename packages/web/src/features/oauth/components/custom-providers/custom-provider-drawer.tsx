import { useEffect } from 'react';
import { Button, Col, Drawer, Flex, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOM_OAUTH_SLUG_MAX, CustomOAuthKind, type CustomOAuthKindValue, type CustomOAuthProviderView } from '@gw/contracts';
import { fitScreen } from '../../../../components/responsive';
import { ApiError } from '../../../../lib/api-client';
import { issuesToFields } from '../../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useSaveCustomProvider } from '../../api/custom-providers.queries';
import { callbackUrl, externalLoginUrl, formToBody, providerToForm, type CustomProviderFormValues } from '../../custom-provider-form';
import { CustomProviderDiscovery } from './custom-provider-discovery';
import { AutoRegisterField, CodeFlowFields, HeaderFields, JwtFields, ProfilePathFields } from './custom-provider-kind-fields';

interface CustomProviderDrawerProps {
  /** undefined: closed; null: a new provider. */
  provider: CustomOAuthProviderView | null | undefined;
  /** The site's public origin, for the callback address to register. */
  origin: string;
  onClose: () => void;
}

const KINDS = Object.values(CustomOAuthKind);

/**
 * Adds or edits one custom provider of any kind (new-api's oauth_code, jwt_direct, trusted_header); the form
 * shows the fields of the chosen kind, and the contract checks them before the server does.
 */
export function CustomProviderDrawer({ provider, origin, onClose }: CustomProviderDrawerProps) {
  const { t } = useTranslation('oauth');
  const [form] = Form.useForm<CustomProviderFormValues>();
  const save = useSaveCustomProvider();
  const slug = Form.useWatch('slug', form) ?? '';
  const kind: CustomOAuthKindValue = Form.useWatch('kind', form) ?? CustomOAuthKind.OAuthCode;

  useEffect(() => {
    if (provider === undefined) return;
    form.resetFields();
    form.setFieldsValue(providerToForm(provider));
  }, [provider, form]);

  const submit = (shown: CustomProviderFormValues) => {
    // The fields of the other kinds are not on screen but stay in the form's store.
    const values = { ...(form.getFieldsValue(true) as CustomProviderFormValues), ...shown };
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

  const normalizedSlug = slug.trim().toLowerCase();
  const address = kind === CustomOAuthKind.OAuthCode ? callbackUrl(origin, normalizedSlug) : externalLoginUrl(origin, normalizedSlug, kind);

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
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('custom.name')} extra={t('custom.nameHelp')}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="slug" label={t('custom.slug')} extra={t('custom.slugHelp', { max: CUSTOM_OAUTH_SLUG_MAX })}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="kind" label={t('custom.kind')} extra={t(`custom.kindHelp.${kind}`)}>
          <Select options={KINDS.map((k) => ({ value: k, label: t(`custom.kinds.${k}`) }))} data-testid="custom-provider-kind" />
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="custom-provider-callback">
          {kind === CustomOAuthKind.OAuthCode ? t('custom.callback') : t('custom.loginAddress')} <Typography.Text code copyable>{address}</Typography.Text>
        </Typography.Paragraph>
        <Flex gap="large" wrap>
          <Form.Item name="enabled" label={t('custom.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {kind !== CustomOAuthKind.OAuthCode && <AutoRegisterField />}
        </Flex>
        {kind !== CustomOAuthKind.TrustedHeader && <CustomProviderDiscovery form={form} kind={kind} />}
        {kind === CustomOAuthKind.OAuthCode && <CodeFlowFields provider={provider} />}
        {kind === CustomOAuthKind.JwtDirect && <JwtFields provider={provider} />}
        {kind === CustomOAuthKind.TrustedHeader ? <HeaderFields /> : <ProfilePathFields claims={kind === CustomOAuthKind.JwtDirect} />}
      </Form>
    </Drawer>
  );
}

import { Col, Flex, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomOAuthProviderView } from '@gw/contracts';
import type { CustomProviderFormValues } from '../../custom-provider-form';

const field = (name: keyof CustomProviderFormValues, label: string, extra?: string, placeholder?: string) => (
  <Form.Item name={name} label={label} extra={extra}>
    <Input placeholder={placeholder} autoComplete="off" />
  </Form.Item>
);

/** The write-only secret: empty keeps the saved one. */
function SecretField({ provider, label, help }: { provider: CustomOAuthProviderView | null | undefined; label: string; help: string }) {
  const { t } = useTranslation('oauth');
  const kept = Boolean(provider?.client_secret_set);
  return (
    <Form.Item name="client_secret" label={label} extra={kept ? t('custom.secretKept') : help}>
      <Input.Password autoComplete="new-password" placeholder={kept ? t('custom.secretSaved') : ''} />
    </Form.Item>
  );
}

/** The authorization-code flow: client credentials, the three endpoints, scopes and client authentication. */
export function CodeFlowFields({ provider }: { provider: CustomOAuthProviderView | null | undefined }) {
  const { t } = useTranslation('oauth');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>{field('client_id', t('custom.clientId'))}</Col>
        <Col xs={24} md={12}>
          <SecretField provider={provider} label={t('custom.clientSecret')} help={t('custom.secretHelp')} />
        </Col>
      </Row>
      <Form.Item name="use_pkce" label={t('custom.usePkce')} valuePropName="checked" extra={t('custom.usePkceHelp')}>
        <Switch />
      </Form.Item>
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
    </>
  );
}

/** JWT sign-in: which issuer and audience a token must carry, and the key that signs it. */
export function JwtFields({ provider }: { provider: CustomOAuthProviderView | null | undefined }) {
  const { t } = useTranslation('oauth');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>{field('issuer', t('custom.issuer'), t('custom.issuerHelp'), 'https://id.example.com')}</Col>
        <Col xs={24} md={12}>{field('audience', t('custom.audience'), t('custom.audienceHelp'))}</Col>
      </Row>
      {field('jwks_url', t('custom.jwksUrl'), t('custom.jwksUrlHelp'), 'https://id.example.com/.well-known/jwks.json')}
      <Form.Item name="public_key" label={t('custom.publicKey')} extra={t('custom.publicKeyHelp')}>
        <Input.TextArea rows={3} placeholder="-----BEGIN PUBLIC KEY-----" spellCheck={false} />
      </Form.Item>
      <SecretField provider={provider} label={t('custom.hmacSecret')} help={t('custom.hmacSecretHelp')} />
    </>
  );
}

/** Trusted-header sign-in: the proxies trusted to set the headers, and which headers name the person. */
export function HeaderFields() {
  const { t } = useTranslation('oauth');
  return (
    <>
      <Form.Item name="trusted_proxy_cidrs" label={t('custom.trustedProxies')} extra={t('custom.trustedProxiesHelp')}>
        <Input.TextArea rows={3} placeholder={'10.0.0.2\n192.168.10.0/24'} spellCheck={false} />
      </Form.Item>
      <Typography.Title level={5}>{t('custom.headersTitle')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>{field('external_id_header', t('custom.externalIdHeader'), undefined, 'X-Auth-User')}</Col>
        <Col xs={24} md={12}>{field('username_header', t('custom.usernameHeader'), undefined, 'X-Auth-Login')}</Col>
        <Col xs={24} md={12}>{field('display_name_header', t('custom.displayNameHeader'), undefined, 'X-Auth-Name')}</Col>
        <Col xs={24} md={12}>{field('email_header', t('custom.emailHeader'), undefined, 'X-Auth-Email')}</Col>
      </Row>
    </>
  );
}

/** Dotted paths into the userinfo answer (authorization code) or the token's claims (JWT). */
export function ProfilePathFields({ claims }: { claims: boolean }) {
  const { t } = useTranslation('oauth');
  return (
    <>
      <Typography.Title level={5}>{claims ? t('custom.claimsTitle') : t('custom.fieldsTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{claims ? t('custom.claimsHelp') : t('custom.fieldsHelp')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>{field('user_id_field', t('custom.userIdField'))}</Col>
        <Col xs={24} md={12}>{field('username_field', t('custom.usernameField'))}</Col>
        <Col xs={24} md={12}>{field('display_name_field', t('custom.displayNameField'))}</Col>
        <Col xs={24} md={12}>{field('email_field', t('custom.emailField'))}</Col>
      </Row>
    </>
  );
}

/** Whether a first sign-in of an unknown account registers a user (JWT and trusted-header kinds). */
export function AutoRegisterField() {
  const { t } = useTranslation('oauth');
  return (
    <Flex>
      <Form.Item name="auto_register" label={t('custom.autoRegister')} valuePropName="checked" extra={t('custom.autoRegisterHelp')}>
        <Switch data-testid="custom-provider-auto-register" />
      </Form.Item>
    </Flex>
  );
}

import { useState } from 'react';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { fetchOidcDiscovery } from '../../api/settings.api';
import { endpointsFromDiscovery, isWellKnownUrl } from '../../oidc-discovery';
import type { OptionFormValues } from '../../option-fields';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, SecretOption, TextOption } from '../option-inputs';

const FIELDS = {
  'oidc.enabled': 'bool',
  'oidc.client_id': 'text',
  'oidc.client_secret': 'secret',
  'oidc.well_known': 'text',
  'oidc.authorization_endpoint': 'text',
  'oidc.token_endpoint': 'text',
  'oidc.user_info_endpoint': 'text',
} as const;

/** OpenID Connect sign-in; the endpoints can be filled from the provider's well-known document. */
export function OidcSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm<OptionFormValues>();
  const [fetching, setFetching] = useState(false);

  const fill = async () => {
    const url = String(form.getFieldValue('oidc.well_known') ?? '').trim();
    if (!isWellKnownUrl(url)) return notifyError(t('oidc.wellKnownInvalid'));
    setFetching(true);
    try {
      const endpoints = endpointsFromDiscovery(await fetchOidcDiscovery(url));
      if (!endpoints) throw new Error('no endpoints');
      form.setFieldsValue({ ...endpoints });
      notifySuccess(t('oidc.fetched'));
    } catch {
      notifyError(t('oidc.fetchFailed'));
    } finally {
      setFetching(false);
    }
  };

  return (
    <OptionsSection title={t('oidc.title')} fields={FIELDS} options={options} form={form} testId="settings-oidc">
      <BoolOption name="oidc.enabled" label={t('oidc.enabled')} help={t('oidc.help')} />
      <FieldGrid>
        <GridCell>
          <TextOption name="oidc.client_id" label={t('oauth.clientId')} />
        </GridCell>
        <GridCell>
          <SecretOption name="oidc.client_secret" label={t('oauth.clientSecret')} />
        </GridCell>
        <GridCell>
          <TextOption name="oidc.well_known" label={t('oidc.wellKnown')} help={t('oidc.wellKnownHelp')} placeholder="https://…/.well-known/openid-configuration" />
          <Button onClick={fill} loading={fetching} style={{ marginTop: -12, marginBottom: 24 }}>
            {t('oidc.fetch')}
          </Button>
        </GridCell>
        <GridCell>
          <TextOption name="oidc.authorization_endpoint" label={t('oidc.authorizationEndpoint')} />
        </GridCell>
        <GridCell>
          <TextOption name="oidc.token_endpoint" label={t('oidc.tokenEndpoint')} />
        </GridCell>
        <GridCell>
          <TextOption name="oidc.user_info_endpoint" label={t('oidc.userInfoEndpoint')} />
        </GridCell>
      </FieldGrid>
    </OptionsSection>
  );
}

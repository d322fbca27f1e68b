import { useState } from 'react';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomOAuthKindValue } from '@gw/contracts';
import { isWellKnownUrl } from '../../../../lib/oidc-discovery';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useDiscoverCustomProvider } from '../../api/custom-providers.queries';
import { discoveryToForm, type CustomProviderFormValues } from '../../custom-provider-form';

/**
 * "Discover": the server reads the provider's OpenID configuration (from its issuer or its well-known
 * address) and the form takes the endpoints from it. A failure is shown by the query client's error toast.
 */
export function CustomProviderDiscovery({ form, kind }: { form: FormInstance<CustomProviderFormValues>; kind: CustomOAuthKindValue }) {
  const { t } = useTranslation('oauth');
  const [address, setAddress] = useState('');
  const discover = useDiscoverCustomProvider();

  const run = () => {
    const url = address.trim();
    if (!isWellKnownUrl(url)) return notifyError(t('custom.discoveryInvalid'));
    const body = url.includes('/.well-known/') ? { well_known_url: url } : { issuer_url: url };
    discover.mutate(body, {
      onSuccess: ({ discovery }) => {
        form.setFieldsValue(discoveryToForm(discovery, kind));
        notifySuccess(t('custom.discovered'));
      },
    });
  };

  return (
    <Form.Item label={t('custom.discovery')} extra={t('custom.discoveryHelp')}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            run();
          }}
          placeholder="https://id.example.com"
          autoComplete="off"
          data-testid="custom-provider-discovery-url"
        />
        <Button onClick={run} loading={discover.isPending} data-testid="custom-provider-discover">
          {t('custom.discover')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

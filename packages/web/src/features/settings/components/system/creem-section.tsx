import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, SecretOption } from '../option-inputs';
import { creemProductsProblem } from '../../creem-products-field';
import { webhookAddress } from '../../webhook-address';

const CREEM = { CreemApiKey: 'secret', CreemWebhookSecret: 'secret', CreemTestMode: 'bool', CreemProducts: 'json' } as const;

const EXAMPLE = '[{"productId": "prod_…", "name": "Starter", "price": 4.99, "currency": "USD", "quota": 2500000}]';

/** Creem top-up: keys (write-only), test mode and the products offered, checked as the server checks them. */
export function CreemSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('creem.title')} fields={CREEM} options={options} testId="settings-creem">
      <Typography.Paragraph type="secondary">
        {t('creem.webhookHelp')} <Typography.Text code copyable>{webhookAddress(options, '/api/creem/webhook')}</Typography.Text>
      </Typography.Paragraph>
      <FieldGrid>
        <GridCell>
          <SecretOption name="CreemApiKey" label={t('creem.apiKey')} />
        </GridCell>
        <GridCell>
          <SecretOption name="CreemWebhookSecret" label={t('creem.webhookSecret')} help={t('creem.webhookSecretHelp')} />
        </GridCell>
      </FieldGrid>
      <BoolOption name="CreemTestMode" label={t('creem.testMode')} help={t('creem.testModeHelp')} />
      <Form.Item
        name="CreemProducts"
        label={t('creem.products')}
        extra={t('creem.productsHelp', { example: EXAMPLE })}
        validateTrigger="onBlur"
        rules={[
          {
            validator: (_r, value: string | undefined) => {
              const problem = creemProductsProblem(value);
              return problem ? Promise.reject(new Error(t('creem.productsInvalid', { problem }))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.TextArea rows={6} spellCheck={false} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
    </OptionsSection>
  );
}

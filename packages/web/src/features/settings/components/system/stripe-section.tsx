import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, NumberOption, SecretOption, TextOption } from '../option-inputs';
import { webhookAddress } from '../../webhook-address';

const STRIPE = {
  StripeApiSecret: 'secret',
  StripeWebhookSecret: 'secret',
  StripePriceId: 'text',
  StripeUnitPrice: 'number',
  StripeMinTopUp: 'number',
  StripePromotionCodesEnabled: 'bool',
} as const;

/** Stripe Checkout top-up: keys (write-only), the price sold per unit, its amount, the minimum and promotion codes. */
export function StripeSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('stripe.title')} fields={STRIPE} options={options} testId="settings-stripe">
      <Typography.Paragraph type="secondary">
        {t('stripe.webhookHelp')} <Typography.Text code copyable>{webhookAddress(options, '/api/stripe/webhook')}</Typography.Text>
      </Typography.Paragraph>
      <FieldGrid>
        <GridCell>
          <SecretOption name="StripeApiSecret" label={t('stripe.apiSecret')} help={t('stripe.apiSecretHelp')} />
        </GridCell>
        <GridCell>
          <SecretOption name="StripeWebhookSecret" label={t('stripe.webhookSecret')} help={t('stripe.webhookSecretHelp')} />
        </GridCell>
        <GridCell>
          <TextOption name="StripePriceId" label={t('stripe.priceId')} help={t('stripe.priceIdHelp')} placeholder="price_…" />
        </GridCell>
        <GridCell>
          <NumberOption name="StripeUnitPrice" label={t('stripe.unitPrice')} help={t('stripe.unitPriceHelp')} min={0.01} step={0.01} required />
        </GridCell>
        <GridCell>
          <NumberOption name="StripeMinTopUp" label={t('stripe.minTopUp')} min={1} step={1} required />
        </GridCell>
      </FieldGrid>
      <BoolOption name="StripePromotionCodesEnabled" label={t('stripe.promotionCodes')} />
    </OptionsSection>
  );
}

import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { FieldGrid, GridCell, JsonOption, ListOption, NumberOption, SecretOption, TextOption } from '../option-inputs';

const PAYMENT = {
  PayAddress: 'text',
  CustomCallbackAddress: 'text',
  EpayId: 'text',
  EpayKey: 'secret',
  PayMethods: 'list',
  Price: 'number',
  MinTopUp: 'number',
  TopupGroupRatio: 'json',
} as const;
const ALIPAY = { 'alipay.app_id': 'text', 'alipay.public_key': 'text', 'alipay.private_key': 'secret', 'alipay.gateway': 'text' } as const;

/** Online top-up (EPay): the payment address and merchant, exchange rate, minimum and the per-group top-up ratio. */
export function PaymentSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('payment.title')} fields={PAYMENT} options={options} testId="settings-payment">
      <FieldGrid>
        <GridCell>
          <TextOption name="PayAddress" label={t('payment.payAddress')} placeholder="https://" />
        </GridCell>
        <GridCell>
          <TextOption name="CustomCallbackAddress" label={t('payment.callbackAddress')} help={t('payment.callbackAddressHelp')} placeholder="https://" />
        </GridCell>
        <GridCell>
          <TextOption name="EpayId" label={t('payment.epayId')} />
        </GridCell>
        <GridCell>
          <SecretOption name="EpayKey" label={t('payment.epayKey')} />
        </GridCell>
        <GridCell>
          <ListOption name="PayMethods" label={t('payment.payMethods')} help={t('payment.payMethodsHelp')} placeholder="alipay" />
        </GridCell>
        <GridCell>
          <NumberOption name="Price" label={t('payment.price')} help={t('payment.priceHelp')} min={0} step={0.01} required />
        </GridCell>
        <GridCell>
          <NumberOption name="MinTopUp" label={t('payment.minTopUp')} min={0} required />
        </GridCell>
      </FieldGrid>
      <JsonOption name="TopupGroupRatio" label={t('payment.groupRatio')} help={t('payment.groupRatioHelp')} rows={5} invalidMessage={t('payment.groupRatioInvalid')} />
    </OptionsSection>
  );
}

/** Alipay credentials (the private key is write-only). */
export function AlipaySection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('alipay.title')} fields={ALIPAY} options={options} testId="settings-alipay">
      <TextOption name="alipay.app_id" label={t('alipay.appId')} />
      <TextOption name="alipay.public_key" label={t('alipay.publicKey')} rows={3} />
      <SecretOption name="alipay.private_key" label={t('alipay.privateKey')} />
      <TextOption name="alipay.gateway" label={t('alipay.gateway')} help={t('alipay.gatewayHelp')} placeholder="https://openapi.alipay.com/gateway.do" />
    </OptionsSection>
  );
}

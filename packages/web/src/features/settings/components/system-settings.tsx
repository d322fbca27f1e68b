import { Flex } from 'antd';
import { CustomProvidersCard } from '../../oauth';
import { EmailRestrictionSection } from './system/email-restriction-section';
import { FetchSection } from './system/fetch-section';
import { LoginSection } from './system/login-section';
import { PasskeySection, SmsSection, TelegramSection, TurnstileSection } from './system/misc-auth-sections';
import { OAuthSection } from './system/oauth-section';
import { OidcSection } from './system/oidc-section';
import { AlipaySection, PaymentSection } from './system/payment-section';
import { StripeSection } from './system/stripe-section';
import { CreemSection } from './system/creem-section';
import { ServerSection } from './system/server-section';
import { SmtpSection } from './system/smtp-section';

/** The "system" tab: addresses, payment, sign-in and registration, mail and the third-party providers. */
export function SystemSettings({ options }: { options: Record<string, string> }) {
  return (
    <Flex vertical gap={16}>
      <ServerSection options={options} />
      <FetchSection options={options} />
      <PaymentSection options={options} />
      <AlipaySection options={options} />
      <StripeSection options={options} />
      <CreemSection options={options} />
      <LoginSection options={options} />
      <EmailRestrictionSection options={options} />
      <SmtpSection options={options} />
      <OidcSection options={options} />
      <OAuthSection provider="github" options={options} />
      <OAuthSection provider="google" options={options} />
      <OAuthSection provider="linuxdo" options={options} />
      <OAuthSection provider="wechat" options={options} />
      <OAuthSection provider="discord" options={options} />
      <CustomProvidersCard />
      <TelegramSection options={options} />
      <PasskeySection options={options} />
      <TurnstileSection options={options} />
      <SmsSection options={options} />
    </Flex>
  );
}

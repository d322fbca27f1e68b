import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, ListOption, SecretOption, TextOption } from '../option-inputs';

const TELEGRAM = { TelegramOAuthEnabled: 'bool', TelegramBotName: 'text', TelegramBotToken: 'secret' } as const;
const TURNSTILE = { TurnstileCheckEnabled: 'bool', TurnstileSiteKey: 'text', TurnstileSecretKey: 'secret' } as const;
const PASSKEY = { 'passkey.enabled': 'bool', 'passkey.rp_display_name': 'text', 'passkey.rp_id': 'text', 'passkey.origins': 'list' } as const;
const SMS = { 'yunpian.api_key': 'secret', 'yunpian.sign': 'text' } as const;

/** Telegram sign-in (bot name and write-only bot token). */
export function TelegramSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('telegram.title')} fields={TELEGRAM} options={options} testId="settings-telegram">
      <BoolOption name="TelegramOAuthEnabled" label={t('telegram.enabled')} />
      <FieldGrid>
        <GridCell>
          <TextOption name="TelegramBotName" label={t('telegram.botName')} />
        </GridCell>
        <GridCell>
          <SecretOption name="TelegramBotToken" label={t('telegram.botToken')} />
        </GridCell>
      </FieldGrid>
    </OptionsSection>
  );
}

/** Cloudflare Turnstile on login and registration. */
export function TurnstileSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('turnstile.title')} fields={TURNSTILE} options={options} testId="settings-turnstile">
      <BoolOption name="TurnstileCheckEnabled" label={t('turnstile.enabled')} />
      <FieldGrid>
        <GridCell>
          <TextOption name="TurnstileSiteKey" label={t('turnstile.siteKey')} />
        </GridCell>
        <GridCell>
          <SecretOption name="TurnstileSecretKey" label={t('turnstile.secretKey')} />
        </GridCell>
      </FieldGrid>
    </OptionsSection>
  );
}

/** The SMS provider used for phone sign-in codes. */
export function SmsSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('sms.title')} fields={SMS} options={options} testId="settings-sms">
      <FieldGrid>
        <GridCell>
          <SecretOption name="yunpian.api_key" label={t('sms.apiKey')} />
        </GridCell>
        <GridCell>
          <TextOption name="yunpian.sign" label={t('sms.sign')} help={t('sms.signHelp')} />
        </GridCell>
      </FieldGrid>
    </OptionsSection>
  );
}

/** Passkey (WebAuthn) sign-in; the relying party defaults to the server address's host. */
export function PasskeySection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('passkey.title')} fields={PASSKEY} options={options} testId="settings-passkey">
      <BoolOption name="passkey.enabled" label={t('passkey.enabled')} />
      <FieldGrid>
        <GridCell>
          <TextOption name="passkey.rp_display_name" label={t('passkey.displayName')} help={t('passkey.displayNameHelp')} />
        </GridCell>
        <GridCell>
          <TextOption name="passkey.rp_id" label={t('passkey.rpId')} help={t('passkey.rpIdHelp')} placeholder="example.com" />
        </GridCell>
        <GridCell>
          <ListOption name="passkey.origins" label={t('passkey.origins')} help={t('passkey.originsHelp')} placeholder="https://example.com" />
        </GridCell>
      </FieldGrid>
    </OptionsSection>
  );
}

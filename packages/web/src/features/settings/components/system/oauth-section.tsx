import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, SecretOption, TextOption } from '../option-inputs';
import type { OptionFieldKinds } from '../../option-fields';

/** The option keys of one client-id/secret sign-in provider. */
interface OAuthKeys {
  enabled: string;
  clientId: string;
  clientSecret: string;
}

const PROVIDERS = {
  github: { enabled: 'GitHubOAuthEnabled', clientId: 'GitHubClientId', clientSecret: 'GitHubClientSecret' },
  google: { enabled: 'GoogleOAuthEnabled', clientId: 'GoogleClientId', clientSecret: 'GoogleClientSecret' },
  linuxdo: { enabled: 'LinuxDOOAuthEnabled', clientId: 'LinuxDOClientId', clientSecret: 'LinuxDOClientSecret' },
  wechat: { enabled: 'oauth_wechat.enabled', clientId: 'oauth_wechat.client_id', clientSecret: 'oauth_wechat.client_secret' },
  discord: { enabled: 'discord.enabled', clientId: 'discord.client_id', clientSecret: 'discord.client_secret' },
} as const satisfies Record<string, OAuthKeys>;

export type OAuthProvider = keyof typeof PROVIDERS;

const FIELDS: Record<OAuthProvider, OptionFieldKinds> = Object.fromEntries(
  Object.entries(PROVIDERS).map(([p, k]) => [p, { [k.enabled]: 'bool', [k.clientId]: 'text', [k.clientSecret]: 'secret' }]),
) as Record<OAuthProvider, OptionFieldKinds>;

/** One third-party sign-in provider: the switch, client id and (write-only) client secret. */
export function OAuthSection({ provider, options }: { provider: OAuthProvider; options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const keys = PROVIDERS[provider];
  return (
    <OptionsSection title={t(`oauth.${provider}.title`)} fields={FIELDS[provider]} options={options} testId={`settings-oauth-${provider}`}>
      <BoolOption name={keys.enabled} label={t(`oauth.${provider}.enabled`)} help={t(`oauth.${provider}.help`)} />
      <FieldGrid>
        <GridCell>
          <TextOption name={keys.clientId} label={t('oauth.clientId')} />
        </GridCell>
        <GridCell>
          <SecretOption name={keys.clientSecret} label={t('oauth.clientSecret')} />
        </GridCell>
      </FieldGrid>
    </OptionsSection>
  );
}

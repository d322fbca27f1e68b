import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, ListOption, SwitchRow } from '../option-inputs';

const FIELDS = {
  EmailDomainRestrictionEnabled: 'bool',
  EmailAliasRestrictionEnabled: 'bool',
  EmailDomainWhitelist: 'list',
  EmailBlacklistEnabled: 'bool',
  EmailBlacklist: 'list',
} as const;

/** Which e-mail addresses may register: a domain allow-list, a block-list and the alias ("+") rule. */
export function EmailRestrictionSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('email.title')} fields={FIELDS} options={options} testId="settings-email">
      <SwitchRow>
        <BoolOption name="EmailDomainRestrictionEnabled" label={t('email.domainRestriction')} />
        <BoolOption name="EmailAliasRestrictionEnabled" label={t('email.aliasRestriction')} />
        <BoolOption name="EmailBlacklistEnabled" label={t('email.blacklistEnabled')} />
      </SwitchRow>
      <ListOption name="EmailDomainWhitelist" label={t('email.whitelist')} help={t('email.listHelp')} placeholder="gmail.com" />
      <ListOption name="EmailBlacklist" label={t('email.blacklist')} help={t('email.listHelp')} placeholder="spam.example" />
    </OptionsSection>
  );
}

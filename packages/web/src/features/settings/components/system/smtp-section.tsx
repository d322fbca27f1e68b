import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, NumberOption, SecretOption, TextOption } from '../option-inputs';

const FIELDS = { SMTPServer: 'text', SMTPPort: 'number', SMTPAccount: 'text', SMTPFrom: 'text', SMTPToken: 'secret', SMTPSSLEnabled: 'bool' } as const;

/** Outgoing mail for verification codes and notices. */
export function SmtpSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('smtp.title')} fields={FIELDS} options={options} testId="settings-smtp">
      <FieldGrid>
        <GridCell>
          <TextOption name="SMTPServer" label={t('smtp.server')} placeholder="smtp.example.com" />
        </GridCell>
        <GridCell>
          <NumberOption name="SMTPPort" label={t('smtp.port')} min={1} max={65535} required />
        </GridCell>
        <GridCell>
          <TextOption name="SMTPAccount" label={t('smtp.account')} />
        </GridCell>
        <GridCell>
          <TextOption name="SMTPFrom" label={t('smtp.from')} help={t('smtp.fromHelp')} />
        </GridCell>
        <GridCell>
          <SecretOption name="SMTPToken" label={t('smtp.token')} />
        </GridCell>
      </FieldGrid>
      <BoolOption name="SMTPSSLEnabled" label={t('smtp.ssl')} />
    </OptionsSection>
  );
}

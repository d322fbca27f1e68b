import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { FieldGrid, GridCell, SecretOption, TextOption } from '../option-inputs';

const FIELDS = { ServerAddress: 'text', WorkerUrl: 'text', WorkerValidKey: 'secret', 'api.error_addition_message': 'text' } as const;

/** The public server address, the proxy worker and the text appended to API errors. */
export function ServerSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('server.title')} fields={FIELDS} options={options} testId="settings-server">
      <FieldGrid>
        <GridCell>
          <TextOption name="ServerAddress" label={t('server.address')} help={t('server.addressHelp')} placeholder="https://api.example.com" />
        </GridCell>
        <GridCell>
          <TextOption name="WorkerUrl" label={t('server.workerUrl')} help={t('server.workerUrlHelp')} placeholder="https://" />
        </GridCell>
        <GridCell>
          <SecretOption name="WorkerValidKey" label={t('server.workerKey')} />
        </GridCell>
      </FieldGrid>
      <TextOption name="api.error_addition_message" label={t('server.errorMessage')} help={t('server.errorMessageHelp')} rows={2} />
    </OptionsSection>
  );
}

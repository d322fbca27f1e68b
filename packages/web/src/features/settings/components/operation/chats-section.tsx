import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { JsonOption } from '../option-inputs';

const FIELDS = { Chats: 'json' } as const;

/** The chat clients offered from the token list (a JSON list of {name: link template}). */
export function ChatsSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('chats.title')} fields={FIELDS} options={options} testId="settings-chats">
      <JsonOption name="Chats" label={t('chats.chats')} help={t('chats.chatsHelp')} rows={8} />
    </OptionsSection>
  );
}

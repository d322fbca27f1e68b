import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionsSection } from './options-section';
import { TextOption } from './option-inputs';
import { SystemInfo } from './system-info';

const SITE_FIELDS = { SystemName: 'text', Logo: 'text', Footer: 'text' } as const;
const CONTENT_FIELDS = { Notice: 'text', About: 'text', HomePageContent: 'text', 'legal.user_agreement': 'text', 'legal.privacy_policy': 'text' } as const;

/** The "other" settings tab: site identity, the public texts and the server's version. */
export function OtherSettings({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <Flex vertical gap={16}>
      <OptionsSection title={t('other.site')} fields={SITE_FIELDS} options={options} testId="settings-site">
        <TextOption name="SystemName" label={t('other.systemName')} placeholder={t('other.systemNamePlaceholder')} />
        <TextOption name="Logo" label={t('other.logo')} help={t('other.logoHelp')} placeholder="https://example.com/logo.png" />
        <TextOption name="Footer" label={t('other.footer')} help={t('other.footerHelp')} rows={3} />
      </OptionsSection>
      <OptionsSection title={t('other.content')} fields={CONTENT_FIELDS} options={options} testId="settings-content">
        <TextOption name="Notice" label={t('other.notice')} help={t('other.noticeHelp')} rows={3} />
        <TextOption name="About" label={t('other.about')} help={t('other.aboutHelp')} rows={4} />
        <TextOption name="HomePageContent" label={t('other.homePageContent')} help={t('other.homePageContentHelp')} rows={6} />
        <TextOption name="legal.user_agreement" label={t('other.userAgreement')} help={t('other.userAgreementHelp')} rows={6} />
        <TextOption name="legal.privacy_policy" label={t('other.privacyPolicy')} help={t('other.privacyPolicyHelp')} rows={6} />
      </OptionsSection>
      <SystemInfo />
    </Flex>
  );
}

import { Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionsSection } from './options-section';

const SITE_KEYS = ['SystemName', 'Logo', 'Footer'] as const;
const CONTENT_KEYS = ['Notice', 'About', 'HomePageContent'] as const;

/** The "other" settings tab: site identity and the public texts. */
export function OtherSettings({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <Flex vertical gap={16}>
      <OptionsSection title={t('other.site')} keys={SITE_KEYS} options={options} testId="settings-site">
        <Form.Item name="SystemName" label={t('other.systemName')}>
          <Input placeholder={t('other.systemNamePlaceholder')} />
        </Form.Item>
        <Form.Item name="Logo" label={t('other.logo')} extra={t('other.logoHelp')}>
          <Input placeholder="https://example.com/logo.png" />
        </Form.Item>
        <Form.Item name="Footer" label={t('other.footer')} extra={t('other.footerHelp')}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </OptionsSection>
      <OptionsSection title={t('other.content')} keys={CONTENT_KEYS} options={options} testId="settings-content">
        <Form.Item name="Notice" label={t('other.notice')} extra={t('other.noticeHelp')}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="About" label={t('other.about')} extra={t('other.aboutHelp')}>
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item name="HomePageContent" label={t('other.homePageContent')} extra={t('other.homePageContentHelp')}>
          <Input.TextArea rows={6} />
        </Form.Item>
      </OptionsSection>
    </Flex>
  );
}

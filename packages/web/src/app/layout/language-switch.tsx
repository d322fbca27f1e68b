import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../i18n/i18n';

/** English / 中文; the choice is remembered by i18n.ts. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('layout');
  const items = LANGUAGES.map((lng) => ({ key: lng, label: t(`language.${lng}`) }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [i18n.language],
        onClick: ({ key }) => void i18n.changeLanguage(key as Language),
      }}
    >
      <Button type="text" aria-label={t('language.label')} data-testid="language-switch" icon={<TranslationOutlined />}>
        {compact ? null : t(`language.${i18n.language === 'zh' ? 'zh' : 'en'}`)}
      </Button>
    </Dropdown>
  );
}

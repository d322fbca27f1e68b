import { Button, Col, Divider, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { HEADER_NAV_ENTRIES } from '@gw/contracts';
import { OptionsSection } from '../options-section';
import { defaultHeaderNavText, headerEntryOn, pricingRequiresAuth, withHeaderEntry, withPricingRequireAuth } from '../../navigation-switches';
import { SwitchCard } from './switch-card';

const FIELDS = { HeaderNavModules: 'json' } as const;

/** The top-bar switches; the form field holds the option's JSON text. */
function HeaderNavSwitches({ value, onChange }: { value?: string; onChange?: (text: string) => void }) {
  const { t } = useTranslation('settings');
  const change = (text: string) => onChange?.(text);
  return (
    <Row gutter={[12, 12]}>
      {HEADER_NAV_ENTRIES.map((entry) => (
        <Col key={entry} xs={24} md={12} xl={8}>
          <SwitchCard
            title={t(`headerNav.entries.${entry}.title`)}
            description={t(`headerNav.entries.${entry}.description`)}
            checked={headerEntryOn(value, entry)}
            onChange={(on) => change(withHeaderEntry(value, entry, on))}
          >
            {entry === 'pricing' && headerEntryOn(value, 'pricing') && (
              <>
                <Divider style={{ margin: '8px 0' }} />
                <SwitchCard
                  title={t('headerNav.requireAuth')}
                  description={t('headerNav.requireAuthHelp')}
                  checked={pricingRequiresAuth(value)}
                  onChange={(on) => change(withPricingRequireAuth(value, on))}
                />
              </>
            )}
          </SwitchCard>
        </Col>
      ))}
    </Row>
  );
}

/** HeaderNavModules (operation tab): which top-bar entries are offered, for everyone. */
export function HeaderNavSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm();
  return (
    <OptionsSection
      title={t('headerNav.title')}
      fields={FIELDS}
      options={options}
      form={form}
      testId="settings-header-nav"
      extra={<Button onClick={() => form.setFieldValue('HeaderNavModules', defaultHeaderNavText())}>{t('headerNav.reset')}</Button>}
    >
      <Form.Item name="HeaderNavModules" extra={t('headerNav.help')}>
        <HeaderNavSwitches />
      </Form.Item>
    </OptionsSection>
  );
}

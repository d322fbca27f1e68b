import { Button, Col, Form, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIDEBAR_MODULES, type SidebarModule, type SidebarSection } from '@gw/contracts';
import type layout from '../../../../i18n/locales/en/layout.json';
import { OptionsSection } from '../options-section';
import { defaultSidebarModulesText, sidebarSwitchOn, withSidebarSwitch } from '../../navigation-switches';
import { SwitchCard } from './switch-card';

const FIELDS = { SidebarModulesAdmin: 'json' } as const;

type SidebarLabel = keyof (typeof layout)['sidebar']['items'];

/** Each entry's label, as the sidebar itself shows it. */
const ENTRY_LABELS: Record<SidebarModule, SidebarLabel> = {
  playground: 'playground',
  detail: 'dashboard',
  token: 'tokens',
  log: 'logs',
  midjourney: 'drawingLogs',
  task: 'taskLogs',
  topup: 'topup',
  personal: 'personal',
  customModels: 'customModels',
  activityCenter: 'activityCenter',
  channel: 'channels',
  redemption: 'redemptions',
  user: 'users',
  setting: 'settings',
  aipyConf: 'aipyConf',
  activityConfig: 'activityConfig',
  prefillGroup: 'prefillGroups',
  models: 'models',
  subscription: 'subscriptions',
};

/** Section switches with their entries; the form field holds the option's JSON text. */
function SidebarSwitches({ value, onChange }: { value?: string; onChange?: (text: string) => void }) {
  const { t } = useTranslation('layout');
  const sections = Object.keys(SIDEBAR_MODULES) as SidebarSection[];
  return (
    <>
      {sections.map((section) => {
        const sectionOn = sidebarSwitchOn(value, section);
        const sectionTitle = t(`sidebar.groups.${section}`);
        return (
          <div key={section} style={{ marginBottom: 20 }} data-testid={`sidebar-section-${section}`}>
            <SwitchCard title={sectionTitle} checked={sectionOn} onChange={(on) => onChange?.(withSidebarSwitch(value, section, undefined, on))} />
            <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
              {(SIDEBAR_MODULES[section] as readonly SidebarModule[]).map((module) => {
                const title = t(`sidebar.items.${ENTRY_LABELS[module]}`);
                return (
                  <Col key={module} xs={24} md={12} xl={6}>
                    <SwitchCard
                      title={title}
                      checked={sectionOn && sidebarSwitchOn(value, section, module)}
                      disabled={!sectionOn}
                      onChange={(on) => onChange?.(withSidebarSwitch(value, section, module, on))}
                    />
                  </Col>
                );
              })}
            </Row>
          </div>
        );
      })}
    </>
  );
}

/** SidebarModulesAdmin (operation tab): which console sidebar sections and entries are offered. */
export function SidebarModulesSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  const [form] = Form.useForm();
  return (
    <OptionsSection
      title={t('sidebarModules.title')}
      fields={FIELDS}
      options={options}
      form={form}
      testId="settings-sidebar-modules"
      extra={<Button onClick={() => form.setFieldValue('SidebarModulesAdmin', defaultSidebarModulesText())}>{t('sidebarModules.reset')}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('sidebarModules.help')}</Typography.Paragraph>
      <Form.Item name="SidebarModulesAdmin">
        <SidebarSwitches />
      </Form.Item>
    </OptionsSection>
  );
}

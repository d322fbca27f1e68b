import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, SwitchRow } from '../option-inputs';

const FIELDS = {
  'fetch_setting.enable_ssrf_protection': 'bool',
  'fetch_setting.allow_private_ip': 'bool',
  'fetch_setting.apply_ip_filter_for_domain': 'bool',
  'fetch_setting.domain_filter_mode': 'bool',
  'fetch_setting.domain_list': 'json',
  'fetch_setting.ip_filter_mode': 'bool',
  'fetch_setting.ip_list': 'json',
  'fetch_setting.allowed_ports': 'json',
} as const;

function stringsOf(text: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** A JSON list of strings (how new-api stores these options) edited as tags. */
function JsonTags({ value, onChange, placeholder, label }: { value?: string; onChange?: (text: string) => void; placeholder?: string; label: string }) {
  return (
    <Select
      mode="tags"
      aria-label={label}
      value={stringsOf(value)}
      onChange={(next: string[]) => onChange?.(JSON.stringify(next.map((s) => s.trim()).filter(Boolean)))}
      tokenSeparators={[',', ' ']}
      open={false}
      suffixIcon={null}
      placeholder={placeholder}
    />
  );
}

function FilterMode({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('settings');
  return (
    <Form.Item name={name} label={label}>
      <Select
        options={[
          { value: false, label: t('fetch.blockList') },
          { value: true, label: t('fetch.allowList') },
        ]}
      />
    </Form.Item>
  );
}

/** SSRF protection of the server's own fetches of configured URLs (new-api's fetch_setting.*). */
export function FetchSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('fetch.title')} fields={FIELDS} options={options} testId="settings-fetch">
      <SwitchRow>
        <BoolOption name="fetch_setting.enable_ssrf_protection" label={t('fetch.enabled')} />
        <BoolOption name="fetch_setting.allow_private_ip" label={t('fetch.allowPrivateIp')} />
        <BoolOption name="fetch_setting.apply_ip_filter_for_domain" label={t('fetch.ipFilterForDomains')} />
      </SwitchRow>
      <FieldGrid>
        <GridCell>
          <FilterMode name="fetch_setting.domain_filter_mode" label={t('fetch.domainMode')} />
          <Form.Item name="fetch_setting.domain_list" label={t('fetch.domainList')} extra={t('fetch.domainListHelp')}>
            <JsonTags label={t('fetch.domainList')} placeholder="example.com, *.example.com" />
          </Form.Item>
        </GridCell>
        <GridCell>
          <FilterMode name="fetch_setting.ip_filter_mode" label={t('fetch.ipMode')} />
          <Form.Item name="fetch_setting.ip_list" label={t('fetch.ipList')} extra={t('fetch.ipListHelp')}>
            <JsonTags label={t('fetch.ipList')} placeholder="1.2.3.4, 10.0.0.0/8" />
          </Form.Item>
        </GridCell>
        <GridCell>
          <Form.Item name="fetch_setting.allowed_ports" label={t('fetch.ports')} extra={t('fetch.portsHelp')}>
            <JsonTags label={t('fetch.ports')} placeholder="80, 443, 8000-9000" />
          </Form.Item>
        </GridCell>
      </FieldGrid>
    </OptionsSection>
  );
}

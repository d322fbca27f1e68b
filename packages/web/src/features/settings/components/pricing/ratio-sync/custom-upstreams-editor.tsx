import { AutoComplete, Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { emptyCustomUpstream, SYNC_ENDPOINTS, type CustomUpstream } from '../../../pricing/ratio-sync/sync-sources';

interface CustomUpstreamsEditorProps {
  value: CustomUpstream[];
  onChange: (next: CustomUpstream[]) => void;
}

const ENDPOINT_OPTIONS = SYNC_ENDPOINTS.map((value) => ({ value }));

/** Upstreams typed in by hand: a name, another gateway's base URL and the endpoint to read there. */
export function CustomUpstreamsEditor({ value, onChange }: CustomUpstreamsEditorProps) {
  const { t } = useTranslation('ratioSync');
  const update = (index: number, patch: Partial<CustomUpstream>) => onChange(value.map((u, i) => (i === index ? { ...u, ...patch } : u)));

  return (
    <Flex vertical gap="small">
      {value.map((upstream, index) => (
        <Flex key={index} gap="small" wrap data-testid="ratio-sync-custom-upstream">
          <Input aria-label={t('sources.name')} placeholder={t('sources.name')} value={upstream.name} onChange={(e) => update(index, { name: e.target.value })} style={{ width: 160 }} />
          <Input aria-label={t('sources.baseUrl')} placeholder="https://gateway.example.com" value={upstream.base_url} onChange={(e) => update(index, { base_url: e.target.value })} style={{ width: 280 }} />
          <AutoComplete
            aria-label={t('sources.endpoint')}
            options={ENDPOINT_OPTIONS}
            value={upstream.endpoint}
            onChange={(endpoint: string) => update(index, { endpoint })}
            style={{ width: 220 }}
          />
          <Button onClick={() => onChange(value.filter((_u, i) => i !== index))}>{t('sources.remove')}</Button>
        </Flex>
      ))}
      <div>
        <Button onClick={() => onChange([...value, emptyCustomUpstream()])}>{t('sources.addCustom')}</Button>
      </div>
    </Flex>
  );
}

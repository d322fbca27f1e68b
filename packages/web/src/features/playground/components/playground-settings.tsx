import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlaygroundParams } from '@gw/contracts';
import type { UsableGroup } from '../../tokens/api/tokens.api';
import type { ChatSettings } from '../lib/chat-session';

interface Props {
  settings: ChatSettings;
  onChange: (next: ChatSettings) => void;
  models: string[];
  modelsLoading: boolean;
  groups: Record<string, UsableGroup>;
  disabled: boolean;
}

/** Model, group, system prompt and the optional sampling parameters (an empty field is not sent). */
export function PlaygroundSettings({ settings, onChange, models, modelsLoading, groups, disabled }: Props) {
  const { t } = useTranslation('playground');
  const set = (patch: Partial<ChatSettings>) => onChange({ ...settings, ...patch });
  const setParam = (key: keyof PlaygroundParams, value: number | null) => set({ params: { ...settings.params, [key]: value ?? undefined } });
  const groupOptions = [
    { value: '', label: t('settings.ownGroup') },
    ...Object.entries(groups).map(([name, g]) => ({ value: name, label: g.desc && g.desc !== name ? `${name} · ${g.desc}` : name })),
  ];
  return (
    <Form layout="vertical" disabled={disabled} data-testid="playground-settings">
      <Form.Item label={t('settings.model')} required>
        <Select
          showSearch
          value={settings.model || undefined}
          placeholder={t('settings.modelPlaceholder')}
          loading={modelsLoading}
          options={models.map((m) => ({ value: m, label: m }))}
          onChange={(model: string) => set({ model })}
          notFoundContent={modelsLoading ? undefined : t('settings.noModels')}
          data-testid="playground-model"
        />
      </Form.Item>
      <Form.Item label={t('settings.group')} extra={t('settings.groupHelp')}>
        <Select value={settings.group} options={groupOptions} onChange={(group: string) => set({ group })} data-testid="playground-group" />
      </Form.Item>
      <Form.Item label={t('settings.systemPrompt')}>
        <Input.TextArea
          value={settings.systemPrompt}
          onChange={(e) => set({ systemPrompt: e.target.value })}
          placeholder={t('settings.systemPromptPlaceholder')}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={20_000}
          data-testid="playground-system-prompt"
        />
      </Form.Item>
      <Typography.Text type="secondary">{t('settings.paramsHelp')}</Typography.Text>
      <Form.Item label={t('settings.temperature')} style={{ marginTop: 8 }}>
        <InputNumber
          value={settings.params.temperature ?? null}
          min={0}
          max={2}
          step={0.1}
          placeholder={t('settings.unset')}
          onChange={(v) => setParam('temperature', v)}
          style={{ width: '100%' }}
          data-testid="playground-temperature"
        />
      </Form.Item>
      <Form.Item label={t('settings.topP')}>
        <InputNumber value={settings.params.top_p ?? null} min={0} max={1} step={0.05} placeholder={t('settings.unset')} onChange={(v) => setParam('top_p', v)} style={{ width: '100%' }} data-testid="playground-top-p" />
      </Form.Item>
      <Form.Item label={t('settings.maxTokens')}>
        <InputNumber
          value={settings.params.max_tokens ?? null}
          min={1}
          max={1_000_000}
          precision={0}
          placeholder={t('settings.unset')}
          onChange={(v) => setParam('max_tokens', v)}
          style={{ width: '100%' }}
          data-testid="playground-max-tokens"
        />
      </Form.Item>
    </Form>
  );
}

import { useState, type ReactNode } from 'react';
import { Button, Flex, Input, Select, Space } from 'antd';
import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { channelQueries } from '../api/channels.queries';
import { addCustomModels } from '../channel-form';

interface ModelsInputProps {
  value?: string[];
  onChange?: (models: string[]) => void;
  /** Extra choices for the select besides the chosen models (e.g. what the upstream listed). */
  options?: readonly string[];
  /** More buttons before "fill enabled" (the channel editor's fetch-from-upstream). */
  actions?: ReactNode;
  placeholder?: string;
  id?: string;
}

/**
 * A model list as a multi-select that also takes typed names, with "add custom names" (comma
 * separated, existing ones refused), "fill all enabled models" and "clear".
 */
export function ModelsInput({ value = [], onChange, options = [], actions, placeholder, id }: ModelsInputProps) {
  const { t } = useTranslation('channels');
  const queryClient = useQueryClient();
  const [custom, setCustom] = useState('');
  const [filling, setFilling] = useState(false);
  const choices = [...new Set([...value, ...options])];

  const addCustom = () => {
    const { models, added, duplicates } = addCustomModels(value, custom);
    if (duplicates.length > 0) notifyWarning(t('models.someExist', { models: duplicates.join(', ') }));
    if (added.length > 0) {
      onChange?.(models);
      setCustom('');
    }
  };

  const fillEnabled = async () => {
    setFilling(true);
    try {
      const enabled = await queryClient.fetchQuery(channelQueries.enabledModels());
      onChange?.([...new Set([...value, ...enabled])]);
      notifySuccess(t('models.filled', { count: enabled.length }));
    } catch (err) {
      notifyError(err instanceof Error ? err.message : String(err));
    } finally {
      setFilling(false);
    }
  };

  return (
    <Flex vertical gap={8}>
      <Select
        id={id}
        mode="tags"
        allowClear
        value={value}
        onChange={(next: string[]) => onChange?.([...new Set(next.map((m) => m.trim()).filter(Boolean))])}
        tokenSeparators={[',']}
        placeholder={placeholder}
        options={choices.map((m) => ({ value: m, label: m }))}
        maxTagCount={40}
        data-testid="channel-models-select"
      />
      <Flex wrap gap={8}>
        {actions}
        <Button size="small" loading={filling} onClick={() => void fillEnabled()}>
          {t('models.fillEnabled')}
        </Button>
        <Button size="small" icon={<ClearOutlined />} onClick={() => onChange?.([])}>
          {t('models.clear')}
        </Button>
      </Flex>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={custom}
          placeholder={t('models.customPlaceholder')}
          aria-label={t('models.custom')}
          onChange={(e) => setCustom(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            addCustom();
          }}
        />
        <Button icon={<PlusOutlined />} onClick={addCustom}>
          {t('models.add')}
        </Button>
      </Space.Compact>
    </Flex>
  );
}

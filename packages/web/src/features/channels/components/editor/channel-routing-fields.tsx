import { Form, InputNumber, Select, Space, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHANNEL_PRIORITY_MIN } from '@gw/contracts';
import { groupQueries } from '../../../groups/api/groups.queries';
import { PrefillTagInput } from '../prefill-group-pickers';

/** Who may use the channel and how it is chosen: groups, priority, weight, tag, automatic disable. */
export function ChannelRoutingFields() {
  const { t } = useTranslation('channels');
  const groups = useQuery(groupQueries.names());
  return (
    <>
      <Form.Item name="groups" label={t('form.groups')} extra={t('form.groupsHelp')}>
        <Select
          mode="tags"
          allowClear
          loading={groups.isLoading}
          options={(groups.data ?? ['default']).map((g) => ({ value: g, label: g }))}
          placeholder={t('form.groupsPlaceholder')}
        />
      </Form.Item>
      <Space size={16} wrap align="start">
        <Form.Item name="priority" label={t('form.priority')} extra={t('form.priorityHelp')}>
          <InputNumber min={CHANNEL_PRIORITY_MIN} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="weight" label={t('form.weight')} extra={t('form.weightHelp')}>
          <InputNumber min={0} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <Form.Item name="tag" label={t('form.tag')} extra={t('form.tagHelp')}>
        <PrefillTagInput maxLength={128} placeholder={t('form.tagPlaceholder')} />
      </Form.Item>
      <Form.Item name="auto_ban" label={t('form.autoBan')} valuePropName="checked" extra={t('form.autoBanHelp')}>
        <Switch aria-label={t('form.autoBan')} />
      </Form.Item>
    </>
  );
}

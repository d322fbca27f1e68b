import { Button, Flex, Form, Input, Select, Switch } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupQueries } from '../../groups/api/groups.queries';
import type { ChannelFilters } from '../api/channels.api';

type SearchValues = Pick<ChannelFilters, 'keyword' | 'group' | 'model'>;

interface ChannelsSearchFormProps {
  filters: ChannelFilters;
  onChange: (filters: ChannelFilters) => void;
}

/** Search by keyword (id, name, tag, base URL), group and model; the id-sort and tag-mode switches. */
export function ChannelsSearchForm({ filters, onChange }: ChannelsSearchFormProps) {
  const { t } = useTranslation('channels');
  const groups = useQuery(groupQueries.names());
  const toggle = (key: 'id_sort' | 'tag_mode') => (on: boolean) => onChange({ ...filters, [key]: on ? '1' : '' });
  return (
    <Flex wrap gap={12} justify="space-between" align="center">
      <Form
        name="channel-search"
        layout="inline"
        // An empty group is "any": undefined lets the select show its placeholder.
        initialValues={{ ...filters, group: filters.group || undefined }}
        onFinish={(v: Partial<SearchValues>) => onChange({ ...filters, keyword: v.keyword ?? '', group: v.group ?? '', model: v.model ?? '' })}
        style={{ rowGap: 12 }}
      >
        <Form.Item name="keyword">
          <Input allowClear prefix={<SearchOutlined />} placeholder={t('search.keyword')} aria-label={t('search.keyword')} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="group">
          <Select
            allowClear
            showSearch
            placeholder={t('search.group')}
            aria-label={t('search.group')}
            style={{ width: 160 }}
            loading={groups.isLoading}
            options={(groups.data ?? []).map((g) => ({ value: g, label: g }))}
          />
        </Form.Item>
        <Form.Item name="model">
          <Input allowClear placeholder={t('search.model')} aria-label={t('search.model')} style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('search.query')}
        </Button>
      </Form>
      <Flex gap={16} align="center">
        <label>
          <Flex gap={6} align="center">
            <Switch size="small" checked={filters.id_sort === '1'} onChange={toggle('id_sort')} aria-label={t('search.idSort')} />
            {t('search.idSort')}
          </Flex>
        </label>
        <label>
          <Flex gap={6} align="center">
            <Switch size="small" checked={filters.tag_mode === '1'} onChange={toggle('tag_mode')} aria-label={t('search.tagMode')} />
            {t('search.tagMode')}
          </Flex>
        </label>
      </Flex>
    </Flex>
  );
}

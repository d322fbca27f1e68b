import { Button, Form, Input, Select, Space } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupQueries } from '../../groups/api/groups.queries';
import type { UserFilterKey } from '../api/users.queries';

interface UsersSearchFormProps {
  filters: Record<UserFilterKey, string>;
  onSearch: (filters: Record<UserFilterKey, string>) => void;
  onAdd: () => void;
}

/** Keyword, user token, invite code and group filters with the Query and Add user buttons. */
export function UsersSearchForm({ filters, onSearch, onAdd }: UsersSearchFormProps) {
  const { t } = useTranslation('users');
  const groups = useQuery(groupQueries.names());
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g, label: g }));
  return (
    <Form
      layout="inline"
      initialValues={{ ...filters, group: filters.group || undefined }}
      onFinish={(v: Record<UserFilterKey, string | undefined>) =>
        onSearch({ keyword: v.keyword ?? '', token: v.token ?? '', aff_code: v.aff_code ?? '', group: v.group ?? '' })
      }
      style={{ rowGap: 12 }}
    >
      <Form.Item name="keyword">
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('search.keyword')} style={{ width: 260 }} />
      </Form.Item>
      <Form.Item name="token">
        <Input allowClear placeholder={t('search.token')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="aff_code">
        <Input allowClear placeholder={t('search.affCode')} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="group">
        <Select allowClear placeholder={t('search.group')} options={groupOptions} loading={groups.isLoading} style={{ width: 150 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('search.query')}
        </Button>
        <Button icon={<PlusOutlined />} onClick={onAdd}>
          {t('search.add')}
        </Button>
      </Space>
    </Form>
  );
}

import { Form, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../components/list-page/filter-form';
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
    <SearchForm
      filters={filters}
      onSearch={onSearch}
      queryLabel={t('search.query')}
      add={{ label: t('search.add'), onClick: onAdd }}
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
    </SearchForm>
  );
}

import { Form, Input } from 'antd';
import { KeyOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../components/list-page/filter-form';
import type { TokenFilterKey } from '../api/tokens.api';

interface TokensSearchFormProps {
  filters: Record<TokenFilterKey, string>;
  onSearch: (filters: Record<TokenFilterKey, string>) => void;
}

/** Search by name keyword and by key (spec 3 §2.2). */
export function TokensSearchForm({ filters, onSearch }: TokensSearchFormProps) {
  const { t } = useTranslation('tokens');
  return (
    <SearchForm filters={filters} onSearch={onSearch} queryLabel={t('search.query')}>
      <Form.Item name="keyword">
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('search.keyword')} aria-label={t('search.keyword')} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="token">
        <Input allowClear prefix={<KeyOutlined />} placeholder={t('search.token')} aria-label={t('search.token')} style={{ width: 220 }} />
      </Form.Item>
    </SearchForm>
  );
}

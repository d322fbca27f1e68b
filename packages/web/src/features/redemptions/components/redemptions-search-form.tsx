import { Form, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../components/list-page/filter-form';
import type { RedemptionFilterKey } from '../api/redemptions.api';

interface RedemptionsSearchFormProps {
  filters: Record<RedemptionFilterKey, string>;
  onSearch: (filters: Record<RedemptionFilterKey, string>) => void;
}

/** Search by name keyword or id (spec 3 §2.3). */
export function RedemptionsSearchForm({ filters, onSearch }: RedemptionsSearchFormProps) {
  const { t } = useTranslation('redemptions');
  return (
    <SearchForm filters={filters} onSearch={onSearch} queryLabel={t('search.query')}>
      <Form.Item name="keyword">
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('search.keyword')} aria-label={t('search.keyword')} style={{ width: 260 }} />
      </Form.Item>
    </SearchForm>
  );
}

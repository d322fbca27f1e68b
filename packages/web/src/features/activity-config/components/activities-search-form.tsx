import { Form, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../../../components/list-page/filter-form';
import type { ActivityFilterKey } from '../api/activities.api';

interface ActivitiesSearchFormProps {
  filters: Record<ActivityFilterKey, string>;
  onSearch: (filters: Record<ActivityFilterKey, string>) => void;
  onAdd: () => void;
}

/** Search by name or id (q) and status, with the add button (spec 3 §2.13). */
export function ActivitiesSearchForm({ filters, onSearch, onAdd }: ActivitiesSearchFormProps) {
  const { t } = useTranslation('activityConfig');
  const statusOptions = [
    { value: 'true', label: t('status.active') },
    { value: 'false', label: t('status.ended') },
  ];
  return (
    <SearchForm
      filters={filters}
      onSearch={onSearch}
      queryLabel={t('search.query')}
      add={{ label: t('actions.add'), onClick: onAdd }}
    >
      <Form.Item name="q">
        <Input allowClear prefix={<SearchOutlined />} placeholder={t('search.q')} aria-label={t('search.q')} style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="status">
        <Select allowClear placeholder={t('search.status')} aria-label={t('search.status')} options={statusOptions} style={{ width: 150 }} />
      </Form.Item>
    </SearchForm>
  );
}
